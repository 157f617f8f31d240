import { useFieldArray } from 'react-hook-form';
import type { WeekdayKey } from '#shared/booking/consultant.ts';
import { weekdayNames, weekOrder } from './consultant-labels';
import type { FieldProps } from './consultant-form-types';

/** The week as a grid: each day's working ranges (a lunch break is two ranges), or none. */
export function WeekHoursField(props: FieldProps) {
  return (
    <fieldset className="space-y-2" aria-describedby="consultant-hours-help">
      <legend className="field-label">Weekly hours</legend>
      <p id="consultant-hours-help" className="text-sm text-muted">
        Melbourne time. Slots of the booking rules inside these hours are offered; a day without
        hours is a day off. For a lunch break, add two ranges.
      </p>
      <ul className="divide-y divide-line rounded-lg border border-line">
        {weekOrder.map((day) => (
          <DayHours key={day} day={day} {...props} />
        ))}
      </ul>
    </fieldset>
  );
}

function DayHours({ day, form, inputId, errorOf }: FieldProps & { day: WeekdayKey }) {
  const ranges = useFieldArray({ control: form.control, name: `weeklyHours.${day}` });
  const name = weekdayNames[day];
  const dayError = errorOf(`weeklyHours.${day}`);
  const add = () => {
    const last = ranges.fields.at(-1);
    ranges.append(last ? { start: last.end, end: last.end } : { start: '09:00', end: '17:00' }, {
      focusName: `weeklyHours.${day}.${ranges.fields.length}.start`,
    });
  };
  return (
    <li className="grid gap-2 p-3 sm:grid-cols-[8rem_1fr]">
      <p className="font-semibold">{name}</p>
      <div className="space-y-2">
        {ranges.fields.length === 0 && <p className="text-muted">Not working</p>}
        {ranges.fields.map((range, index) => {
          const path = `weeklyHours.${day}.${index}` as const;
          const error = errorOf(path) ?? errorOf(`${path}.start`) ?? errorOf(`${path}.end`);
          const errorId = inputId(path);
          return (
            <div key={range.id}>
              <div className="flex flex-wrap items-end gap-2">
                <label className="text-sm">
                  <span className="block text-muted">From</span>
                  <input
                    type="time"
                    id={inputId(`${path}.start`)}
                    className="field-input w-32"
                    aria-label={`${name}, range ${index + 1}, from`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    {...form.register(`${path}.start`)}
                  />
                </label>
                <label className="text-sm">
                  <span className="block text-muted">To</span>
                  <input
                    type="time"
                    className="field-input w-32"
                    id={inputId(`${path}.end`)}
                    aria-label={`${name}, range ${index + 1}, to`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    {...form.register(`${path}.end`)}
                  />
                </label>
                <button
                  type="button"
                  className="btn-quiet"
                  aria-label={`Remove ${name} range ${index + 1}`}
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
        {dayError && (
          <p id={inputId(`weeklyHours.${day}`)} tabIndex={-1} className="field-error">
            {dayError}
          </p>
        )}
        <button
          type="button"
          className="btn-quiet"
          aria-label={`Add hours on ${name}`}
          onClick={add}
        >
          Add hours
        </button>
      </div>
    </li>
  );
}
