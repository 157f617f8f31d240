import type { z } from 'zod';
import {
  createPainPointSchema,
  type AdminPainPoint,
} from '../../../../shared/admin/catalogue.contract';
import { TextField } from '../../../components/ui/text-field';
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
  const admin = useEntryForm({
    kind: painPointKind,
    existingId: entry?.id,
    schema,
    values: entry
      ? { id: entry.id, name: entry.name, description: entry.description, active: entry.active }
      : blank,
    blank,
    onDone,
  });
  const { form, inputId, errorOf } = admin;
  return (
    <EntryForm
      kind={painPointKind}
      editing={entry !== undefined}
      entryId={entry?.id ?? ''}
      name={entry?.name ?? ''}
      admin={admin}
      onDone={onDone}
    >
      {!entry && <IdField id={inputId('id')} error={errorOf('id')} {...form.register('id')} />}
      <TextField
        id={inputId('name')}
        label="Name"
        error={errorOf('name')}
        {...form.register('name')}
      />
      <DescriptionField
        id={inputId('description')}
        error={errorOf('description')}
        {...form.register('description')}
      />
      <ActiveField id={inputId('active')} error={errorOf('active')} {...form.register('active')} />
    </EntryForm>
  );
}
