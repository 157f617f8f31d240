import { useFieldArray } from 'react-hook-form';
import type { FieldProps } from './consultant-form-types';

/** Holidays and days away: date ranges, both days included. */
export function TimeOffField({ form, inputId, errorOf }: FieldProps) {
  const ranges = useFieldArray({ control: form.control, name: 'timeOff' });
  return (
    <fieldset className="space-y-2" aria-describedby="consultant-time-off-help">
      <legend className="field-label">Time off</legend>
      <p id="consultant-time-off-help" className="text-sm text-muted">
        No bookings for them from the first to the last day, both included.
      </p>
      {ranges.fields.length === 0 && <p>No time off.</p>}
      {ranges.fields.map((range, index) => {
        const path = `timeOff.${index}` as const;
        const error = errorOf(path) ?? errorOf(`${path}.from`) ?? errorOf(`${path}.to`);
        const errorId = inputId(path);
        return (
          <div key={range.id}>
            <div className="flex flex-wrap items-end gap-2">
              <label className="text-sm">
                <span className="block text-muted">First day</span>
                <input
                  type="date"
                  id={inputId(`${path}.from`)}
                  className="field-input"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  {...form.register(`${path}.from`)}
                />
              </label>
              <label className="text-sm">
                <span className="block text-muted">Last day</span>
                <input
                  type="date"
                  className="field-input"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  id={inputId(`${path}.to`)}
                  {...form.register(`${path}.to`)}
                />
              </label>
              <button
                type="button"
                className="btn-quiet"
                aria-label={`Remove time off ${index + 1}`}
                onClick={() => ranges.remove(index)}
              >
                Remove
              </button>
            </div>
            {error && (
              <p id={errorId} tabIndex={-1} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="btn-quiet"
        onClick={() =>
          ranges.append({ from: '', to: '' }, { focusName: `timeOff.${ranges.fields.length}.from` })
        }
      >
        Add time off
      </button>
    </fieldset>
  );
}
