import type { z } from 'zod';
import { createPainPointSchema, type AdminPainPoint } from '#shared/admin/catalogue.contract.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { painPointKind } from './catalogue-api';
import { ActiveField, DescriptionField, IdField } from './entry-fields';
import { EntryForm, useEntryForm, type EntryFormProps } from './entry-form';

// Editing keeps the id (leads and prices refer to it), so one schema serves both uses.
const schema = createPainPointSchema.pick({
  id: true,
  name: true,
  description: true,
  active: true,
});
type Values = z.input<typeof schema>;
const blank: Values = { id: '', name: '', description: '', active: true };

export function PainPointForm({ entry, onDone }: EntryFormProps<AdminPainPoint>) {
  const { frame, field } = useEntryForm({
    kind: painPointKind,
    existingId: entry?.id,
    schema,
    values: entry
      ? { id: entry.id, name: entry.name, description: entry.description, active: entry.active }
      : blank,
    blank,
    onDone,
  });
  return (
    <EntryForm
      kind={painPointKind}
      editing={entry !== undefined}
      entryId={entry?.id ?? ''}
      name={entry?.name ?? ''}
      frame={frame}
      onDone={onDone}
    >
      {!entry && <IdField {...field('id')} />}
      <TextField label="Name" {...field('name')} />
      <DescriptionField {...field('description')} />
      <ActiveField {...field('active')} />
    </EntryForm>
  );
}
