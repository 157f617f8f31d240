import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ErrorSummary, type SummaryItem } from '#web/components/ui/error-summary.tsx';
import { useErrorSummary } from '#web/components/ui/use-error-summary.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { errorCodes } from '#shared/api/error.ts';
import { ApiRequestError, NetworkError } from '#web/lib/api-client.ts';
import { hasErrorCode } from '#web/lib/api-refusals.ts';
import { bookingEvent } from '#web/lib/booking-calendar.ts';
import { CalendarButtons } from '#web/components/calendar-buttons.tsx';
import { updateLastBooking } from '#web/lib/last-booking.ts';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { settingsQuery } from '#web/lib/queries.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import type { ServiceType } from '#web/components/slot-picker/booking-api.ts';
import { ServiceTypeField, serviceTypeInputId } from '#web/components/service-type-field.tsx';
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

const notMoved = 'We could not change your booking';
// the server's bookingMessages.nothingToChange (no zod in this chunk)
const nothingToChange = 'Choose a new time, or change the consultation type or notes.';
const notesId = 'reschedule-notes';
// cancelled, started or changed meanwhile: the page shows the booking as it now is
const unchangeable = [
  errorCodes.bookingCancelled,
  errorCodes.bookingStarted,
  errorCodes.bookingChanged,
] as const;

/** A confirmed booking that can still change: a new time, type or notes, or cancel it. */
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
  const booked: ServiceType = manage.booking.serviceType === 'onsite' ? 'onsite' : 'phone';
  const [serviceType, setServiceType] = useState<ServiceType>(booked);
  const [notes, setNotes] = useState(manage.booking.notes ?? '');
  // opens on the booked day, its time marked (issue 15 item 3)
  const picker = useSlotPicker(sessionId, serviceType, manage.booking.date, token);
  const { hold } = picker;
  const { data: settings } = useQuery(settingsQuery);
  // the booking as it was last changed here: its calendar entry is offered again
  const [changed, setChanged] = useState<ManageBooking | null>(null);
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

  const bookedNotes = manage.booking.notes ?? '';
  const detailsChanged = serviceType !== booked || notes.trim() !== bookedNotes.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const held = hold.held;
    if (!held && !detailsChanged) {
      const items: SummaryItem[] = picker.date
        ? [{ inputId: slotGroupId, message: nothingToChange }]
        : [{ inputId: noDaysId, message: bookingStepMessages.date }];
      errorSummary.showCheck(items);
      return;
    }
    errorSummary.clear();
    setMoved(null);
    setSubmitting(true);
    try {
      const next = await rescheduleBooking(token, {
        ...(held && { sessionId, reservationId: held.reservationId }),
        serviceType,
        notes: notes.trim(),
      });
      if (held) hold.consume();
      settle(next);
      setChanged(next);
      setServiceType(next.booking.serviceType === 'onsite' ? 'onsite' : 'phone');
      setNotes(next.booking.notes ?? '');
      picker.refresh();
      const { startTime, endTime } = next.booking.timeSlot;
      setMoved(
        held
          ? `Your booking is now on ${formatSlotRange(startTime, endTime)}.`
          : 'Your booking has been updated.',
      );
    } catch (error) {
      if (hasErrorCode(error, errorCodes.slotTaken)) {
        hold.consume();
        picker.refresh();
        show({ title: notMoved, items: [{ inputId: slotGroupId, message: slotTakenMessage }] });
      } else if (hasErrorCode(error, ...unchangeable)) {
        void queryClient.invalidateQueries({ queryKey: manageQuery(token).queryKey });
        show({ title: notMoved, items: [], detail: error.message });
      } else if (error instanceof ApiRequestError && error.fields.serviceType) {
        void queryClient.invalidateQueries({ queryKey: manageQuery(token).queryKey });
        show({
          title: notMoved,
          items: [{ inputId: serviceTypeInputId('phone'), message: error.fields.serviceType }],
        });
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
          {firstName ? `Hi ${firstName}. ` : ''}Choose a new time, change the consultation type or
          notes, or cancel your booking.
        </p>
      </div>
      <p ref={movedRef} tabIndex={-1} role="status" className={moved ? 'card font-semibold' : ''}>
        {moved}
      </p>
      {changed && <CalendarOffer manage={changed} businessName={settings?.business.name ?? ''} />}
      <BookingSummary manage={manage} title="Your booking" />
      <form
        noValidate
        aria-label="Change your booking"
        className="card space-y-6"
        onSubmit={submit}
      >
        {summaryProps && (
          <ErrorSummary {...summaryProps}>
            {summary?.detail && <p className="mt-2">{summary.detail}</p>}
          </ErrorSummary>
        )}
        {/* the type first: an onsite visit's times depend on the drive (issue 28) */}
        <ServiceTypeField
          value={serviceType}
          onChange={(type) => {
            // a time held for the other type may not be one for this: chosen again
            if (hold.held && type !== serviceType) hold.release();
            setServiceType(type);
            errorSummary.answer(slotGroupId, serviceTypeInputId('phone'));
          }}
          // the booked type stays offered even if the rule has changed since
          onsite={{
            ...manage.onsite,
            available: manage.onsite.available || booked === 'onsite',
          }}
          checking={false}
          error={
            summary?.items.find((item) => item.inputId === serviceTypeInputId('phone'))?.message
          }
        />
        <SlotPicker
          picker={picker}
          currentStart={manage.booking.timeSlot.startTime}
          // picking a time answers the check: there is a day, and a time
          onPick={() => errorSummary.answer(noDaysId, slotGroupId)}
        />
        <div>
          <label htmlFor={notesId} className="field-label">
            Notes for your consultant <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id={notesId}
            rows={3}
            maxLength={5000}
            value={notes}
            onChange={(event) => {
              setNotes(event.target.value);
              errorSummary.answer(slotGroupId);
            }}
            className="field-input"
          />
        </div>
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          aria-disabled={submitting || undefined}
        >
          Confirm New Time
          {submitting && <span className="sr-only"> (changing your booking)</span>}
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

/** After a change: the updated calendar entry (same UID, higher SEQUENCE) as a file and for Google. */
function CalendarOffer({ manage, businessName }: { manage: ManageBooking; businessName: string }) {
  const { booking, customer, calendarSequence } = manage;
  const event = () =>
    bookingEvent(
      {
        id: booking.id,
        serviceType: booking.serviceType,
        startTime: booking.timeSlot.startTime,
        endTime: booking.timeSlot.endTime,
        address: customer.address,
      },
      businessName,
      Date.now(),
      calendarSequence,
    );
  return (
    <section aria-labelledby="updated-calendar-title" className="card space-y-3">
      <h2 id="updated-calendar-title" className="text-lg font-bold">
        Update your calendar
      </h2>
      <p>The new calendar file replaces the entry you added before.</p>
      <CalendarButtons event={event} downloadHint="downloads the updated calendar file" />
    </section>
  );
}
