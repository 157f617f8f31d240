import { useRef } from 'react';
import { useFieldArray, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { TextField } from '#web/components/ui/text-field.tsx';
import type { BookingRulesForm } from './booking-rules-api';

type Form = UseFormReturn<BookingRulesForm, unknown, BookingRulesForm>;

interface Props {
  form: Form;
  inputId: (path: FieldPath<BookingRulesForm>) => string;
  errorOf: (path: FieldPath<BookingRulesForm>) => string | undefined;
}

/** The staff members who take bookings: each is a column of slots; at least one is needed. */
export function StaffListField({ form, inputId, errorOf }: Props) {
  // keyName: the rows have an `id` of their own (the staff id), which must not be replaced
  const rows = useFieldArray({ control: form.control, name: 'bookingStaff', keyName: 'key' });
  const addRef = useRef<HTMLButtonElement>(null);
  // a message about the whole list (none left, two with one id) sits on the list or its root
  const listErrors = form.formState.errors.bookingStaff;
  const listError = listErrors?.message ?? listErrors?.root?.message;

  const add = () => {
    const taken = new Set(form.getValues('bookingStaff').map((s) => s.id));
    let n = rows.fields.length + 1;
    while (taken.has(`staff-${n}`)) n += 1;
    rows.append(
      { id: `staff-${n}`, name: '' },
      { focusName: `bookingStaff.${rows.fields.length}.name` },
    );
  };
  const remove = (index: number) => {
    rows.remove(index);
    // the removed row's button is gone: focus stays in the list, on "Add a staff member"
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <fieldset className="space-y-3" aria-describedby="booking-staff-help">
      <legend className="field-label">Staff who take bookings</legend>
      <p id="booking-staff-help" className="text-sm text-muted">
        Each staff member takes one booking per slot; at least one is needed. The id links their
        bookings, so give a new person a new id.
      </p>
      <ol className="space-y-3">
        {rows.fields.map((row, index) => (
          <li key={row.key}>
            <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <legend className="px-1 text-sm font-semibold">Staff member {index + 1}</legend>
              <TextField
                id={inputId(`bookingStaff.${index}.id`)}
                label="Id"
                autoComplete="off"
                spellCheck={false}
                error={errorOf(`bookingStaff.${index}.id`)}
                {...form.register(`bookingStaff.${index}.id`)}
              />
              <TextField
                id={inputId(`bookingStaff.${index}.name`)}
                label="Name"
                autoComplete="off"
                error={errorOf(`bookingStaff.${index}.name`)}
                {...form.register(`bookingStaff.${index}.name`)}
              />
              <button
                type="button"
                className="btn-quiet"
                disabled={rows.fields.length === 1}
                aria-label={`Remove staff member ${index + 1}`}
                onClick={() => remove(index)}
              >
                Remove
              </button>
            </fieldset>
          </li>
        ))}
      </ol>
      {listError && (
        <p id={inputId('bookingStaff')} tabIndex={-1} className="field-error">
          {listError}
        </p>
      )}
      <button ref={addRef} type="button" className="btn-quiet" onClick={add}>
        Add a staff member
      </button>
    </fieldset>
  );
}
