import type { BookingOption } from '#shared/catalogue/catalogue.contract.ts';
import type { InputBinding } from '#web/components/ui/text-field.tsx';

export const bookingOptionInputId = (id: string) => `bookingOption-${id}`;

interface Props {
  options: BookingOption[];
  bind: (id: string) => InputBinding;
  error?: string | undefined;
}

/** 'Please select an option:' filled from the booking-options list. */
export function BookingOptionField({ options, bind, error }: Props) {
  return (
    <fieldset aria-describedby={error ? 'bookingOption-error' : undefined}>
      <legend className="field-label">Please select an option:</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const id = bookingOptionInputId(option.id);
          return (
            <label
              key={option.id}
              className="flex cursor-pointer gap-3 rounded-xl border border-field p-3 has-checked:border-2 has-checked:border-brand has-checked:bg-brand-soft"
            >
              <input
                id={id}
                type="radio"
                name="bookingOption"
                value={option.id}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-description`}
                aria-invalid={error ? true : undefined}
                className="mt-1 size-5 shrink-0 accent-brand"
                {...bind(option.id)}
              />
              <span>
                <span id={`${id}-label`} className="block font-semibold">
                  {option.label}
                </span>
                <span id={`${id}-description`} className="block text-sm text-muted">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="bookingOption-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
