import { useEffect, useState } from 'react';

/**
 * The state of an admin list whose entries are added, edited and deleted (promo codes,
 * consultants): the entry in the form and the one in the delete dialog, the live status line,
 * and where focus goes when either closes (the button that opened it, or "New" after a delete).
 */
export function useListEditing<T>(ids: {
  newButton: string;
  edit: (entry: T) => string;
  delete: (entry: T) => string;
}) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [status, setStatus] = useState('');
  // a new object each time, so focusing the same button twice still runs
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const closeForm = (focusId: string) => {
    setEditing(null);
    setFocusTarget({ id: focusId });
  };
  return {
    editing,
    deleting,
    status,
    open: (next: T | 'new') => {
      setStatus('');
      setEditing(next);
    },
    saved: (entry: T, message: string) => {
      setStatus(message);
      closeForm(ids.edit(entry));
    },
    cancel: () => closeForm(editing === 'new' || !editing ? ids.newButton : ids.edit(editing)),
    askToDelete: setDeleting,
    deleted: (message: string) => {
      setDeleting(null);
      setStatus(message);
      setFocusTarget({ id: ids.newButton });
    },
    keep: () => {
      if (deleting) setFocusTarget({ id: ids.delete(deleting) });
      setDeleting(null);
    },
  };
}
