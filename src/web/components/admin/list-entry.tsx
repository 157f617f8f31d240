import type { ReactNode } from 'react';

// The parts of an entry in an admin list (promo codes, consultants): its details as term: value,
// and its Edit and Delete buttons, each named after the entry for screen readers.

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{term}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function EntryActions({
  name,
  editId,
  deleteId,
  onEdit,
  onDelete,
}: {
  /** The entry as a person names it ("SUMMER10", "Sam Lee"). */
  name: string;
  editId: string;
  deleteId: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-3">
      <button
        id={editId}
        type="button"
        className="btn-quiet"
        aria-label={`Edit ${name}`}
        onClick={onEdit}
      >
        Edit
      </button>
      <button
        id={deleteId}
        type="button"
        className="btn-quiet text-danger"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </div>
  );
}
