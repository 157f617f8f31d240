import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ErrorSummary, type SummaryItem } from '#web/components/ui/error-summary.tsx';
import { useErrorSummary } from '#web/components/ui/use-error-summary.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { errorCodes } from '#shared/api/error.ts';
import { ApiRequestError, hasErrorCode, NetworkError } from '#web/lib/api-client.ts';
import { updateLastBooking } from '#web/lib/last-booking.ts';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import {
  bookingStepMessages,
  slotTakenMessage,
  unexpected,
} from '#web/components/slot-picker/booking-messages.ts';
import { slotGroupId } from '#web/components/slot-picker/slot-list.tsx';
import { noDaysId, SlotPicker } from '#web/components/slot-picker/slot-picker.tsx';
import { useSlotPicker } from '#web/components/slot-picker/use-slot-picker.ts';
import { cancelBooking, manageQuery, rescheduleBooking, type ManageBooking } from './manage-api';
import { BookingSummary } from './manage-screens';

const notMoved = 'We could not move your booking';
// cancelled, started or changed meanwhile: the page shows the booking as it now is
const unchangeable = [
  errorCodes.bookingCancelled,
  errorCodes.bookingStarted,
  errorCodes.bookingChanged,
] as const;

/** A confirmed booking that can still change: a new time, or cancel it. */
export function RescheduleForm({
  token,
  manage,
  onCancelled,
}: {
  token: string;
  manage: ManageBooking;
  onCancelled: () => void;
}) {
  const queryClient = useQueryClient();
  const [sessionId] = useState(getSessionId);
  const picker = useSlotPicker(
    sessionId,
    manage.booking.serviceType === 'onsite' ? 'onsite' : 'phone',
  );
  const { hold } = picker;
  const errorSummary = useErrorSummary<{ detail: string }>();
  const { summary, summaryProps, show } = errorSummary;
  const [submitting, setSubmitting] = useState(false);
  const [moved, setMoved] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const movedRef = useRef<HTMLParagraphElement>(null);
  const { firstName } = manage.customer;

  useEffect(() => {
    if (moved) movedRef.current?.focus();
  }, [moved]);

  const settle = (next: ManageBooking) => {
    queryClient.setQueryData(manageQuery(token).queryKey, next);
    updateLastBooking(next.booking.id, {
      startTime: next.booking.timeSlot.startTime,
      endTime: next.booking.timeSlot.endTime,
      status: next.booking.status,
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const items: SummaryItem[] = [];
    if (!picker.date) items.push({ inputId: noDaysId, message: bookingStepMessages.date });
    if (!hold.held) items.push({ inputId: slotGroupId, message: bookingStepMessages.slot });
    if (!hold.held) {
      errorSummary.showCheck(items);
      return;
    }
    errorSummary.clear();
    setMoved(null);
    setSubmitting(true);
    try {
      const next = await rescheduleBooking(token, {
        sessionId,
        reservationId: hold.held.reservationId,
      });
      hold.consume();
      settle(next);
      picker.refresh();
      const { startTime, endTime } = next.booking.timeSlot;
      setMoved(`Your booking is now on ${formatSlotRange(startTime, endTime)}.`);
    } catch (error) {
      if (hasErrorCode(error, errorCodes.slotTaken)) {
        hold.consume();
        picker.refresh();
        show({ title: notMoved, items: [{ inputId: slotGroupId, message: slotTakenMessage }] });
      } else if (hasErrorCode(error, ...unchangeable)) {
        void queryClient.invalidateQueries({ queryKey: manageQuery(token).queryKey });
        show({ title: notMoved, items: [], detail: error.message });
      } else {
        const known = error instanceof ApiRequestError || error instanceof NetworkError;
        show({ title: notMoved, items: [], detail: known ? error.message : unexpected });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = async () => {
    setCancelling(true);
    setCancelError(null);
    try {
      const next = await cancelBooking(token);
      hold.release();
      onCancelled();
      settle(next);
    } catch (error) {
      const known = error instanceof ApiRequestError || error instanceof NetworkError;
      setCancelError(known ? error.message : unexpected);
      if (hasErrorCode(error, ...unchangeable)) {
        void queryClient.invalidateQueries({ queryKey: manageQuery(token).queryKey });
      }
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="page space-y-5">
      <div>
        <PageHeading title="Reschedule Booking">Reschedule Booking</PageHeading>
        <p className="mt-2 text-muted">
          {firstName ? `Hi ${firstName}. ` : ''}Choose a new time, or cancel your booking.
        </p>
      </div>
      <p ref={movedRef} tabIndex={-1} role="status" className={moved ? 'card font-semibold' : ''}>
        {moved}
      </p>
      <BookingSummary manage={manage} title="Your booking" />
      <form noValidate aria-label="Choose a new time" className="card space-y-6" onSubmit={submit}>
        {summaryProps && (
          <ErrorSummary {...summaryProps}>
            {summary?.detail && <p className="mt-2">{summary.detail}</p>}
          </ErrorSummary>
        )}
        <SlotPicker
          picker={picker}
          currentStart={manage.booking.timeSlot.startTime}
          // picking a time answers the check: there is a day, and a time
          onPick={() => errorSummary.answer(noDaysId, slotGroupId)}
        />
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          aria-disabled={submitting || undefined}
        >
          Confirm New Time
          {submitting && <span className="sr-only"> (moving your booking)</span>}
        </button>
      </form>
      <section aria-labelledby="cancel-title" className="card space-y-3">
        <h2 id="cancel-title" className="text-lg font-bold">
          Cancel instead
        </h2>
        <p>If you no longer need the consultation, you can cancel it here.</p>
        <button
          type="button"
          className="btn-quiet"
          onClick={() => {
            setCancelError(null);
            setAsking(true);
          }}
        >
          Cancel booking
        </button>
      </section>
      {asking && (
        <ConfirmDialog
          title="Cancel this booking?"
          confirmLabel="Yes, cancel booking"
          cancelLabel="Keep booking"
          busy={cancelling}
          error={cancelError}
          onConfirm={() => void cancel()}
          onClose={() => setAsking(false)}
        >
          <p>
            Your {manage.booking.serviceType === 'onsite' ? 'onsite' : 'phone'} consultation on{' '}
            {formatSlotRange(manage.booking.timeSlot.startTime, manage.booking.timeSlot.endTime)}{' '}
            will be cancelled and the time given to someone else.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
