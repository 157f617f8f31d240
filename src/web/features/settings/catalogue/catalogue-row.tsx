import type { ReactNode } from 'react';

/** What every catalogue entry has, whatever its kind. */
export interface CatalogueEntry {
  id: string;
  description: string;
  active: boolean;
}

interface Props {
  /** Prefix of this row's element ids (focus comes back to its buttons). */
  rowId: string;
  entry: CatalogueEntry;
  name: string;
  /** More facts beside the id, like "30 minutes". */
  detail?: string | undefined;
  busy: boolean;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** One pain point or booking option: what it is, and Edit, Activate/Deactivate, Delete. */
export function CatalogueRow({ rowId, entry, name, detail, busy, ...actions }: Props) {
  // the buttons say whose they are, for screen readers listing every button of the page
  const whose: ReactNode = <span className="sr-only"> {name}</span>;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {name}
          {!entry.active && (
            <span className="ml-2 rounded-md border border-line bg-canvas px-2 py-0.5 text-sm font-normal text-muted">
              Inactive
            </span>
          )}
        </p>
        <p className="text-sm break-all text-muted">
          Id: {entry.id}
          {detail && ` · ${detail}`}
        </p>
        {entry.description && <p className="mt-1 text-sm break-words">{entry.description}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button id={`${rowId}-edit`} type="button" className="btn-quiet" onClick={actions.onEdit}>
          Edit{whose}
        </button>
        <button
          id={`${rowId}-toggle`}
          type="button"
          className="btn-quiet"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) actions.onToggleActive();
          }}
        >
          {entry.active ? 'Deactivate' : 'Activate'}
          {whose}
        </button>
        <button type="button" className="btn-quiet" onClick={actions.onDelete}>
          Delete{whose}
        </button>
      </div>
    </div>
  );
}
