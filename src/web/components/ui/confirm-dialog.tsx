import { useRef, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

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

/**
 * A modal question (role alertdialog, on the app's modal frame): Escape and the cancel button
 * close it, and focus starts on the safe answer.
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

  return (
    <ModalDialog
      ref={dialog}
      role="alertdialog"
      labelledBy="confirm-dialog-title"
      describedBy="confirm-dialog-body"
      onClose={onClose}
      initialFocus={safe}
      className="max-w-md p-5 sm:p-6"
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
    </ModalDialog>
  );
}
