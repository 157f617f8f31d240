import type { z } from 'zod';
import {
  createBookingOptionSchema,
  type AdminBookingOption,
} from '#shared/admin/catalogue.contract.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { bookingOptionKind } from './catalogue-api';
import { ActiveField, DescriptionField, IdField } from './entry-fields';
import { EntryForm, useEntryForm, type EntryFormProps } from './entry-form';

// Editing keeps the id (leads refer to it), so one schema serves both uses.
const schema = createBookingOptionSchema.pick({
  id: true,
  label: true,
  description: true,
  duration: true,
  active: true,
});
type Values = z.input<typeof schema>;
const blank: Values = { id: '', label: '', description: '', duration: 30, active: true };

export function BookingOptionForm({ entry, onDone }: EntryFormProps<AdminBookingOption>) {
  const { frame, field } = useEntryForm({
    kind: bookingOptionKind,
    existingId: entry?.id,
    schema,
    values: entry
      ? {
          id: entry.id,
          label: entry.label,
          description: entry.description,
          duration: entry.duration,
          active: entry.active,
        }
      : blank,
    blank,
    onDone,
  });
  return (
    <EntryForm
      kind={bookingOptionKind}
      editing={entry !== undefined}
      entryId={entry?.id ?? ''}
      name={entry?.label ?? ''}
      frame={frame}
      onDone={onDone}
    >
      {!entry && <IdField {...field('id')} />}
      <TextField label="Label" {...field('label')} />
      <DescriptionField {...field('description')} />
      <TextField
        label="Duration (minutes)"
        type="number"
        inputMode="numeric"
        min={30}
        max={480}
        step={1}
        {...field('duration', { valueAsNumber: true })}
      />
      <ActiveField {...field('active')} />
    </EntryForm>
  );
}
