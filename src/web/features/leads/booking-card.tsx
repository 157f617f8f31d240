import { useEffect, useRef, useState } from 'react';
import type { Message } from '#shared/admin/messages.contract.ts';
import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { canRetry } from '#web/lib/message-labels.ts';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { BookingHistory } from './booking-history';
import { CancelBooking } from './cancel-booking';
import { JobIdForm } from './job-id-form';
import { MessageRows } from './message-rows';
import { NoShowButton } from './no-show-button';
import { RescheduleForm } from './reschedule-form';
import type { Announcer } from './use-announcer';

type Entry = LeadDetail['bookings'][number];

const serviceLabels: Record<string, string> = {
  phone: 'Phone consultation',
  onsite: 'Onsite consultation',
};

/** "7: 2 failed" when any failed (what a caller needs to know first), else how many. */
function messagesSummary(messages: Message[]): string {
  const failed = messages.filter(canRetry).length;
  return failed ? `${messages.length}: ${failed} failed` : String(messages.length);
}

interface Props {
  entry: Entry;
  now: number;
  announcer: Announcer;
  onChanged: () => void;
}

/** One booking: when, its state, the job id, Reschedule / Cancel while it can change, no-show once started. */
export function BookingCard({ entry, now, announcer, onChanged }: Props) {
  const { booking, consultant, address, noShow, history, messages } = entry;
  const heading = useRef<HTMLHeadingElement>(null);
  const rescheduleButton = useRef<HTMLButtonElement>(null);
  const [moving, setMoving] = useState(false);
  // a request to move focus, made in an event; the effect carries it out once rendered
  const [focusRequest, setFocusRequest] = useState<{ to: 'heading' | 'reschedule' } | null>(null);
  const cancelled = booking.status === 'cancelled';
  // the manage link's rule: not once cancelled or started
  const started = Date.parse(booking.timeSlot.startTime) <= now;
  const changeable = !cancelled && !started;
  const headingId = `booking-${booking.id}-title`;

  // after a move or a cancel the buttons may be gone: the booking's heading takes focus;
  // "Keep the time" goes back to Reschedule
  useEffect(() => {
    if (focusRequest) (focusRequest.to === 'heading' ? heading : rescheduleButton).current?.focus();
  }, [focusRequest]);
  const changed = () => {
    onChanged();
    setFocusRequest({ to: 'heading' });
  };

  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded-xl border border-line p-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-bold">
        {serviceLabels[booking.serviceType] ?? booking.serviceType}:{' '}
        <span className={cancelled ? 'line-through' : undefined}>
          {formatSlotRange(booking.timeSlot.startTime, booking.timeSlot.endTime)}
        </span>
      </h3>
      <p>
        <span className={`font-semibold ${cancelled || noShow ? 'text-danger' : 'text-brand'}`}>
          {cancelled ? 'Cancelled' : noShow ? 'No-show' : started ? 'Past' : 'Confirmed'}
        </span>
        {' · '}Consultant: {consultant.name}
      </p>
      <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {address && (
          <>
            <dt className="font-semibold">Visit address</dt>
            <dd>{address}</dd>
          </>
        )}
        <dt className="font-semibold">Customer&apos;s notes</dt>
        <dd className="whitespace-pre-wrap break-words">
          {booking.notes ?? <span className="text-muted">None</span>}
        </dd>
      </dl>
      <JobIdForm booking={booking} announcer={announcer} onChanged={onChanged} />
      {!cancelled && started && (
        <NoShowButton
          booking={booking}
          noShow={noShow}
          announcer={announcer}
          onChanged={onChanged}
        />
      )}
      {changeable && !moving && (
        <div className="flex flex-wrap gap-2">
          <button
            ref={rescheduleButton}
            type="button"
            className="btn-quiet"
            onClick={() => setMoving(true)}
          >
            Reschedule
          </button>
          <CancelBooking booking={booking} announcer={announcer} onCancelled={changed} />
        </div>
      )}
      {changeable && moving && (
        <RescheduleForm
          booking={booking}
          announcer={announcer}
          onDone={(moved) => {
            setMoving(false);
            if (moved) changed();
            else setFocusRequest({ to: 'reschedule' });
          }}
        />
      )}
      <BookingHistory history={history} />
      {/* folded: a booking soon has half a dozen (confirmations, reminders) */}
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">
          Messages about this booking ({messagesSummary(messages)})
        </summary>
        <MessageRows messages={messages} label="Messages about this booking" now={now} />
      </details>
    </li>
  );
}
