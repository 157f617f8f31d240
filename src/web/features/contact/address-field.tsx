import { addressMessages, type AddressPrediction } from '#shared/address/address.contract.ts';
import { AddressFieldView } from './address-field-view';
import type { useAddressCombobox } from './use-address-combobox';

interface Props {
  combobox: ReturnType<typeof useAddressCombobox>;
  error: string | undefined;
}

// a suggestion in another state is offered marked as such (choosing it shows the Victoria-only message)
const marked = (prediction: AddressPrediction): AddressPrediction => {
  const { outOfState } = prediction;
  if (!outOfState) return prediction;
  const note = `${outOfState} — outside our service area`;
  return {
    ...prediction,
    description: `${prediction.description} (${note})`,
    secondaryText: `${prediction.secondaryText} · ${note}`,
  };
};

// "12 Chapel St": a number and a street, but no suburb the gazetteer could match
const streetWithoutSuburb = (text: string) => /^\d+\S*\s+[a-z]/i.test(text.trim());

/** The live Property Address field: suggestions, their status messages and Retry. */
export function AddressField({ combobox, error }: Props) {
  const { status } = combobox;
  return (
    <AddressFieldView
      input={combobox.input}
      error={error}
      predictions={combobox.predictions.map(marked)}
      expanded={combobox.expanded}
      activeIndex={combobox.activeIndex}
      onPick={combobox.pick}
      status={
        status === 'idle' ? null : (
          <p className="mt-2 flex flex-wrap items-center gap-x-3">
            {status === 'loading' && addressMessages.loading}
            {status === 'empty' &&
              (streetWithoutSuburb(combobox.text) ? (
                // a row where the suggestions would be, saying what is missing (issue 26 item 8)
                <span className="w-full rounded-lg border border-field bg-surface px-3 py-2 text-ink">
                  {addressMessages.addSuburb}
                </span>
              ) : (
                addressMessages.empty
              ))}
            {status === 'unavailable' && (
              <>
                <span className="font-semibold text-danger">{addressMessages.unavailable}</span>
                <button type="button" className="link min-h-11" onClick={combobox.retry}>
                  {addressMessages.retry}
                </button>
              </>
            )}
          </p>
        )
      }
    />
  );
}
