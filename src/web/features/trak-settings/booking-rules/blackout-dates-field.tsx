import { useRef, useState, type KeyboardEvent } from 'react';
import { useWatch, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { formatLongDate } from '#web/lib/melbourne-time.ts';
import type { BookingRulesForm } from './booking-rules-api';

type Form = UseFormReturn<BookingRulesForm, unknown, BookingRulesForm>;

interface Props {
  form: Form;
  inputId: (path: FieldPath<BookingRulesForm>) => string;
  errorOf: (path: FieldPath<BookingRulesForm>) => string | undefined;
}

const messages = {
  empty: 'Choose a date to add',
  duplicate: 'That date is already a blackout date',
};

/** "2026-12-24" → "Thursday 24 December 2026" (a calendar date: read at noon UTC). */
const longDate = (date: string) => formatLongDate(`${date}T12:00:00Z`, 'UTC');

/** Days closed to bookings besides weekends and public holidays: a list to add to and remove from. */
export function BlackoutDatesField({ form, inputId, errorOf }: Props) {
  const dates = useWatch({ control: form.control, name: 'blackoutDates' }) ?? [];
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const addInputRef = useRef<HTMLInputElement>(null);
  // the summary's link for the list as a whole lands on the date input
  const addId = inputId('blackoutDates');
  const listError = errorOf('blackoutDates') ?? addError;

  const setDates = (next: string[]) =>
    form.setValue('blackoutDates', next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  const add = () => {
    if (!adding) return setAddError(messages.empty);
    if (dates.includes(adding)) return setAddError(messages.duplicate);
    setAddError(null);
    setDates([...dates, adding].sort());
    setAdding('');
  };
  const remove = (date: string) => {
    setDates(dates.filter((d) => d !== date));
    addInputRef.current?.focus();
  };
  // Enter in the date input adds the date instead of saving the whole form
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <fieldset className="space-y-3" aria-describedby="blackout-dates-help">
      <legend className="field-label">Blackout dates</legend>
      <p id="blackout-dates-help" className="text-sm text-muted">
        Days with no bookings, besides weekends (when off) and Victorian public holidays.
      </p>
      {dates.length === 0 ? (
        <p>No blackout dates.</p>
      ) : (
        <ul
          aria-label="Blackout dates"
          className="divide-y divide-line rounded-lg border border-line"
        >
          {dates.map((date, index) => (
            <li key={date} className="flex items-center justify-between gap-3 px-3 py-1">
              <span>
                {longDate(date)}
                {errorOf(`blackoutDates.${index}`) && (
                  <span className="field-error block">{errorOf(`blackoutDates.${index}`)}</span>
                )}
              </span>
              <button
                type="button"
                id={inputId(`blackoutDates.${index}`)}
                className="btn-quiet"
                aria-label={`Remove ${longDate(date)}`}
                onClick={() => remove(date)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={addId} className="field-label">
            Add a blackout date
          </label>
          <input
            ref={addInputRef}
            id={addId}
            type="date"
            className="field-input"
            value={adding}
            aria-invalid={listError ? true : undefined}
            aria-describedby={listError ? `${addId}-error` : undefined}
            onChange={(event) => setAdding(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button type="button" className="btn-quiet" onClick={add}>
          Add date
        </button>
      </div>
      {listError && (
        <p id={`${addId}-error`} className="field-error">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
