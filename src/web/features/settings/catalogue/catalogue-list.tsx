import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { deleteEntry, refreshReaders, setEntryActive, type CatalogueKind } from './catalogue-api';
import { CatalogueRow, type CatalogueEntry } from './catalogue-row';
import { usePendingFocus } from './use-pending-focus';

interface Props<T extends CatalogueEntry> {
  kind: CatalogueKind;
  /** The list's heading, like "Current pain points". */
  title: string;
  entries: T[];
  nameOf: (entry: T) => string;
  detailOf?: (entry: T) => string;
  /** The entry's edit form: it calls `done` once saved or cancelled. */
  renderEditor: (entry: T, done: (saved: boolean) => void) => ReactNode;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'That did not work. Please try again.';

/**
 * The list of pain points or of booking options, with what staff do to an entry: edit it in
 * place, switch it on or off, delete it (after a question). The server's answer is announced.
 */
export function CatalogueList<T extends CatalogueEntry>({
  kind,
  title,
  entries,
  nameOf,
  detailOf,
  renderEditor,
}: Props<T>) {
  const queryClient = useQueryClient();
  const focusLater = usePendingFocus();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = `${kind.idPrefix}-list-title`;
  const rowId = (id: string) => `${kind.idPrefix}-row-${id}`;

  const act = async (work: () => Promise<string>): Promise<boolean> => {
    setBusy(true);
    setStatus('');
    setProblem(null);
    try {
      const message = await work();
      await refreshReaders(queryClient, kind);
      setStatus(message);
      return true;
    } catch (error) {
      setProblem(messageOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const toggleActive = (entry: T) =>
    act(async () => {
      await setEntryActive(kind, entry.id, !entry.active);
      return `${nameOf(entry)} ${entry.active ? 'deactivated' : 'activated'}.`;
    });

  const edit = (entry: T) => {
    setStatus('');
    setEditing(entry.id);
    focusLater(() => document.querySelector(`[id="${rowId(entry.id)}-editor"] input`));
  };

  const closeEditor = (id: string, saved: boolean) => {
    setEditing(null);
    if (saved) setStatus('Saved.');
    focusLater(() => document.getElementById(`${rowId(id)}-edit`));
  };

  const confirmDelete = async (entry: T) => {
    const done = await act(async () => (await deleteEntry(kind, entry.id)).message);
    if (done) {
      setDeleting(null);
      // the row may be gone: the list's heading keeps the place
      focusLater(() => document.getElementById(headingId));
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} tabIndex={-1} className="text-lg font-bold">
          {title}
        </h3>
        <p role="status" className="font-semibold text-brand">
          {status}
        </p>
      </div>
      {problem && !deleting && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="text-muted">None yet. Add one below.</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-line">
          {entries.map((entry) => (
            <li key={entry.id} className="py-3">
              {editing === entry.id ? (
                <div
                  id={`${rowId(entry.id)}-editor`}
                  className="rounded-xl border border-line bg-canvas p-3 sm:p-4"
                >
                  {renderEditor(entry, (saved) => closeEditor(entry.id, saved))}
                </div>
              ) : (
                <CatalogueRow
                  rowId={rowId(entry.id)}
                  entry={entry}
                  name={nameOf(entry)}
                  detail={detailOf?.(entry)}
                  busy={busy}
                  onEdit={() => edit(entry)}
                  onToggleActive={() => void toggleActive(entry)}
                  onDelete={() => {
                    setProblem(null);
                    setDeleting(entry);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${nameOf(deleting)}?`}
          confirmLabel={`Delete ${kind.noun}`}
          cancelLabel="Keep it"
          busy={busy}
          error={problem}
          onConfirm={() => void confirmDelete(deleting)}
          onClose={() => {
            setProblem(null);
            setDeleting(null);
          }}
        >
          <p>
            If it is still in use, it is deactivated instead of deleted, so older records keep
            making sense.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
