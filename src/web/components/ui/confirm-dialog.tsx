import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  /** Shown in the dialog when the action failed. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

const focusable = 'button:not([disabled]), [href], input:not([disabled]), [tabindex="0"]';

/**
 * A modal question (role alertdialog): the page behind is inert, Tab wraps inside, Escape and
 * the cancel button close it, and focus starts on the safe answer.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const safe = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    safe.current?.focus();
  }, []);

  // showModal() keeps focus out of the page, but Tab can still leave for the browser's own UI
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-body"
      onClose={onClose}
      onKeyDown={wrapTab}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-line bg-surface p-5 text-ink sm:p-6"
    >
      <h2 id="confirm-dialog-title" className="text-xl font-bold">
        {title}
      </h2>
      <div id="confirm-dialog-body" className="mt-2">
        {children}
      </div>
      {error && (
        <p role="alert" className="field-error mt-3">
          {error}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          ref={safe}
          type="button"
          className="btn-quiet"
          onClick={() => dialog.current?.close()}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className="btn bg-danger text-surface hover:opacity-90"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onConfirm();
          }}
        >
          {confirmLabel}
          {busy && <span className="sr-only"> (working…)</span>}
        </button>
      </div>
    </dialog>
  );
}
