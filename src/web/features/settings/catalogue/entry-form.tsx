import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import { refreshReaders, saveEntry, type CatalogueKind } from './catalogue-api';

export interface EntryFormProps<TEntry> {
  /** The entry to edit; without it the form adds a new one. */
  entry?: TEntry | undefined;
  /** Editing only: saved (true) or cancelled (false). */
  onDone?: ((saved: boolean) => void) | undefined;
}

interface Options<TValues extends FieldValues, TPayload> {
  kind: CatalogueKind;
  /** The id of the entry being edited (undefined: adding). */
  existingId: string | undefined;
  schema: z.ZodType<TPayload, TValues>;
  /** What the form starts with: the entry's values, or a blank entry. */
  values: DefaultValues<TValues>;
  blank: TValues;
  onDone: ((saved: boolean) => void) | undefined;
}

/**
 * The add and edit forms of both catalogue lists: saves through the API, refreshes every list
 * that shows the entry, and empties the add form for the next one.
 */
export function useEntryForm<TValues extends FieldValues, TPayload extends { id: string }>({
  kind,
  existingId,
  schema,
  values,
  blank,
  onDone,
}: Options<TValues, TPayload>) {
  const queryClient = useQueryClient();
  return useAdminForm<TValues, TPayload>({
    idPrefix: `${existingId === undefined ? 'new' : 'edit'}-${kind.idPrefix}`,
    defaultValues: values,
    schema,
    save: async (payload) => {
      await saveEntry(kind, existingId, payload);
      await refreshReaders(queryClient, kind);
      onDone?.(true);
    },
    savedMessage: 'Added. It is listed above.',
    afterSave: () => (existingId === undefined ? blank : undefined),
  });
}

type FormFrame = ReturnType<typeof useAdminForm>['frame'];

/** The frame around the fields: error summary, Save (or Add) and, when editing, Cancel. */
export function EntryForm({
  kind,
  editing,
  entryId,
  name,
  frame,
  onDone,
  children,
}: {
  kind: CatalogueKind;
  editing: boolean;
  /** Editing: the entry's id, which stays as it is. */
  entryId: string;
  /** The entry's current name, for the edit form's accessible name. */
  name: string;
  frame: FormFrame;
  onDone: ((saved: boolean) => void) | undefined;
  children: ReactNode;
}) {
  return (
    <AdminForm
      label={editing ? `Edit ${name}` : `Add a ${kind.noun}`}
      {...frame}
      submitLabel={editing ? 'Save' : `Add ${kind.noun}`}
      actions={
        onDone && (
          <button type="button" className="btn-quiet" onClick={() => onDone(false)}>
            Cancel
          </button>
        )
      }
    >
      {editing && (
        <p className="text-sm text-muted">Id: {entryId} (it stays as it is: leads refer to it)</p>
      )}
      {children}
    </AdminForm>
  );
}
