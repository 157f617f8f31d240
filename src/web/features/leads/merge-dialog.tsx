import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { phoneText } from './lead-format';
import { mergeCustomers } from './leads-api';
import { problemText } from './use-announcer';

/** One customer record the person has: the lead's own, or another enquiry's. */
export interface MergeCandidate {
  customerId: string;
  name: string;
  email: string;
  phone: string;
  /** The lead on screen's own record (chosen to keep at first). */
  isThisLead: boolean;
}

interface Props {
  candidates: MergeCandidate[];
  onMerged: (kept: MergeCandidate) => void;
  onClose: () => void;
}

/**
 * Asks which record to keep before merging (ADR 025): its contact details stay, the others'
 * enquiries, bookings, photos and notes move to it and the other records go.
 */
export function MergeDialog({ candidates, onMerged, onClose }: Props) {
  const id = useId();
  const [keepId, setKeepId] = useState(
    () => (candidates.find((c) => c.isThisLead) ?? candidates[0])?.customerId ?? '',
  );
  const merge = useMutation({
    mutationFn: () =>
      mergeCustomers(
        keepId,
        candidates.map((c) => c.customerId).filter((customerId) => customerId !== keepId),
      ),
    onSuccess: () => {
      const kept = candidates.find((c) => c.customerId === keepId);
      if (kept) onMerged(kept);
    },
  });
  const others = candidates.length - 1;

  return (
    <ConfirmDialog
      title={`Merge ${candidates.length} customer records into one?`}
      confirmLabel="Merge records"
      cancelLabel="Keep them apart"
      busy={merge.isPending}
      error={merge.isError ? problemText(merge.error) : null}
      onConfirm={() => merge.mutate()}
      onClose={onClose}
    >
      <p>
        The {others === 1 ? 'other record is' : `other ${others} records are`} removed: every
        enquiry, booking, photo and note moves to the customer you keep. This cannot be undone.
      </p>
      <fieldset className="mt-3 space-y-2">
        <legend className="field-label">Keep the contact details of</legend>
        {candidates.map((c) => (
          <label key={c.customerId} className="flex min-h-11 items-start gap-3">
            <input
              type="radio"
              name={`${id}-keep`}
              className="mt-1 size-5 shrink-0"
              value={c.customerId}
              checked={keepId === c.customerId}
              onChange={() => setKeepId(c.customerId)}
            />
            <span className="min-w-0 break-words">
              <span className="font-semibold">{c.name}</span>
              {c.isThisLead && ' (this lead)'}
              <br />
              <span className="text-muted">
                {[c.email, c.phone && phoneText(c.phone)].filter(Boolean).join(' · ')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
