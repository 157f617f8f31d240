import { useId, useRef, useState } from 'react';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import { ModalDialog } from '#web/components/ui/modal-dialog.tsx';

interface Props {
  busy: boolean;
  /** The server's refusal, shown in the dialog. */
  error: string | null;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Lost needs a reason (the pipeline keeps it): asked in a modal, focus on the reason. */
export function LostReasonDialog({ busy, error, onSubmit, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();

  const problem = missing ? leadsMessages.lostReasonRequired : error;
  return (
    <ModalDialog
      ref={dialog}
      labelledBy={`${id}-title`}
      onClose={onClose}
      initialFocus={field}
      className="max-w-md p-5 sm:p-6"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const text = reason.trim();
          setMissing(!text);
          if (!text) field.current?.focus();
          else if (!busy) onSubmit(text);
        }}
      >
        <h2 id={`${id}-title`} className="text-xl font-bold">
          Mark this lead as lost
        </h2>
        <label htmlFor={`${id}-reason`} className="field-label mt-4">
          Why was it lost?
        </label>
        <textarea
          ref={field}
          id={`${id}-reason`}
          className="field-input min-h-24"
          maxLength={500}
          value={reason}
          aria-invalid={missing || undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && (
          <p id={`${id}-error`} role="alert" className="field-error">
            {problem}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-quiet" onClick={() => dialog.current?.close()}>
            Keep the stage
          </button>
          <button type="submit" className="btn-primary" aria-disabled={busy || undefined}>
            Mark as lost
            {busy && <span className="sr-only"> (working…)</span>}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
