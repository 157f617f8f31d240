import type { ReactNode } from 'react';
import type { AddressPrediction } from '#shared/address/address.contract.ts';
import { addressHint } from '#shared/address/address-hint.ts';
import type { InputBinding } from '#web/components/ui/text-field.tsx';

export const addressListboxId = 'address-listbox';
export const addressOptionId = (index: number) => `address-option-${index}`;

export interface AddressFieldViewProps {
  input: InputBinding;
  error?: string | undefined;
  predictions: AddressPrediction[];
  expanded: boolean;
  activeIndex: number;
  onPick?: (index: number) => void;
  status?: ReactNode;
}

/** Property Address: an ARIA 1.2 combobox (input + listbox), suggestions below the input. */
export function AddressFieldView(props: AddressFieldViewProps) {
  const { input, error, predictions, expanded, activeIndex, onPick, status } = props;
  return (
    <div className="relative">
      <label htmlFor="address" className="field-label">
        Property Address
      </label>
      <input
        id="address"
        name="address"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={addressListboxId}
        aria-activedescendant={
          expanded && activeIndex >= 0 ? addressOptionId(activeIndex) : undefined
        }
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'address-error' : 'address-hint'}
        autoComplete="off"
        spellCheck={false}
        className="field-input"
        {...input}
      />
      <p id="address-hint" className="mt-1 text-sm text-muted">
        {addressHint}
      </p>
      <ul
        id={addressListboxId}
        role="listbox"
        aria-label="Address suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 z-10 mt-1 max-h-72 overflow-y-auto rounded-lg border border-field bg-surface py-1 shadow-lg"
      >
        {predictions.map((prediction, index) => (
          <li
            key={prediction.placeId}
            id={addressOptionId(index)}
            role="option"
            aria-label={prediction.description}
            aria-selected={index === activeIndex}
            className={`cursor-pointer px-3 py-2 ${index === activeIndex ? 'bg-brand text-on-brand' : 'hover:bg-canvas'}`}
            // keep focus in the input: a click must not blur it before the pick
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick?.(index)}
          >
            <span className="block font-semibold">{prediction.mainText}</span>
            <span className={`block text-sm ${index === activeIndex ? '' : 'text-muted'}`}>
              {prediction.secondaryText}
            </span>
          </li>
        ))}
      </ul>
      <div role="status" className="text-sm text-muted">
        {status}
      </div>
      {error && (
        <p id="address-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
