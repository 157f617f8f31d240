import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booking } from '#shared/booking/booking.contract.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { cancelBooking } from './leads-api';
import { problemText, type Announcer } from './use-announcer';

/** Cancel on the customer's behalf: asked first (the customer is told), with an optional why. */
export function CancelBooking({
  booking,
  announcer,
  onCancelled,
}: {
  booking: Booking;
  announcer: Announcer;
  onCancelled: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: () => {
      setAsking(false);
      announcer.say('Booking cancelled. The customer has been told.');
      onCancelled();
    },
  });
  const when = formatSlotRange(booking.timeSlot.startTime, booking.timeSlot.endTime);
  const reasonId = `cancel-${booking.id}-reason`;

  return (
    <>
      <button type="button" className="btn-quiet" onClick={() => setAsking(true)}>
        Cancel booking
      </button>
      {asking && (
        <ConfirmDialog
          title="Cancel this booking?"
          confirmLabel="Cancel the booking"
          cancelLabel="Keep it"
          busy={cancel.isPending}
          error={cancel.isError ? problemText(cancel.error) : null}
          onConfirm={() => cancel.mutate()}
          onClose={() => {
            setAsking(false);
            cancel.reset();
          }}
        >
          <p>
            {when}. The time becomes free again and the customer is told, as if they had cancelled
            from their own link.
          </p>
          <label htmlFor={reasonId} className="field-label mt-3">
            Why (for the timeline; optional)
          </label>
          <input
            id={reasonId}
            className="field-input"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </ConfirmDialog>
      )}
    </>
  );
}
