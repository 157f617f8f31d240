import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '#web/lib/router.tsx';
import { formatPriceIncGst } from '#shared/pricing/money.ts';
import { CalendarButtons } from '#web/components/calendar-buttons.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { readLastBooking, type LastBooking } from '#web/lib/last-booking.ts';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { settingsQuery } from '#web/lib/queries.ts';
import { paths } from '#web/paths.ts';
import { bookingEvent, serviceLabel } from './booking-event';

/** /confirmation: what was booked, what happens next, the calendar and the manage link. */
export default function ConfirmationPage() {
  const [booking] = useState(() => readLastBooking());
  if (!booking) {
    return (
      <div className="page">
        <PageHeading title="Booking Confirmation">No booking to show</PageHeading>
        <p className="mt-3">
          We have no recent booking from this browser. Your booking details are in the confirmation
          you received.
        </p>
        <Link to={paths.home} className="btn-primary mt-6">
          Book a consultation
        </Link>
      </div>
    );
  }
  return <Confirmation booking={booking} />;
}

function Confirmation({ booking }: { booking: LastBooking }) {
  const { data: settings } = useQuery(settingsQuery);
  const businessName = settings?.business.name ?? '';
  const cancelled = booking.status === 'cancelled';
  const emailed = booking.status === 'confirmed' && settings?.messages.emailSent === true;
  const when = formatSlotRange(booking.startTime, booking.endTime, booking.timeZone);
  const onsite = booking.serviceType === 'onsite';
  const title = cancelled ? 'Booking Cancelled' : 'Booking Confirmed';
  const event = () => bookingEvent(booking, businessName, Date.now());

  return (
    <div className="page space-y-6">
      <div>
        <PageHeading title={title}>{title}</PageHeading>
        <p className="mt-2 text-lg">
          {cancelled
            ? 'This booking has been cancelled.'
            : `${booking.firstName ? `Thanks, ${booking.firstName}. ` : ''}Your ${serviceLabel(booking.serviceType).toLowerCase()} is booked.`}
        </p>
        {/* the server queues this e-mail with the booking, to the address given on Contact; it
            is said only when a mail server sends it (without one it only goes to the log) */}
        {/* a 'pending' booking is the static demo's: nothing was sent */}
        {emailed && booking.email && (
          <p className="mt-2">
            We&apos;ve e-mailed your confirmation to{' '}
            <strong className="break-all">{booking.email}</strong>.
          </p>
        )}
      </div>

      <section aria-labelledby="booked-title" className="card">
        <h2 id="booked-title" className="text-lg font-bold">
          Your booking
        </h2>
        <dl className="mt-3 space-y-3">
          <div>
            <dt className="text-sm text-muted">When</dt>
            <dd className="font-semibold">{when}</dd>
            <dd className="text-sm text-muted">Melbourne time</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Consultation</dt>
            <dd className="font-semibold">{serviceLabel(booking.serviceType)}</dd>
          </div>
          {onsite && booking.address && (
            <div>
              <dt className="text-sm text-muted">Where</dt>
              <dd className="font-semibold">{booking.address}</dd>
            </div>
          )}
          {booking.estimatedPrice !== null && (
            <div>
              <dt className="text-sm text-muted">Your estimate</dt>
              <dd className="font-semibold">{formatPriceIncGst(booking.estimatedPrice)}</dd>
              <dd className="text-sm text-muted">
                Your consultant confirms the price once your windows are measured.
              </dd>
            </div>
          )}
        </dl>
      </section>

      {!cancelled && (
        <>
          <section aria-labelledby="next-title" className="card">
            <h2 id="next-title" className="text-lg font-bold">
              What happens next
            </h2>
            <ol className="mt-3 list-decimal space-y-2 pl-6">
              <li>
                {onsite
                  ? 'Your consultant visits your property at the booked time.'
                  : 'Your consultant calls you at the booked time on the phone number you gave us.'}
              </li>
              <li>
                {onsite
                  ? 'They measure every window precisely and talk through the tint that suits your main concern.'
                  : 'They talk through your windows and your main concern, and arrange a visit to measure if needed.'}
              </li>
              <li>You get a confirmed price before any work is booked.</li>
            </ol>
          </section>

          <section aria-labelledby="calendar-title" className="card space-y-3">
            <h2 id="calendar-title" className="text-lg font-bold">
              Add it to your calendar
            </h2>
            <CalendarButtons event={event} downloadHint="downloads a calendar file" />
          </section>
        </>
      )}

      <ManageLink booking={booking} emailed={emailed} />
      <Link to={paths.home} className="link inline-block">
        Back to the start
      </Link>
    </div>
  );
}

function ManageLink({ booking, emailed }: { booking: LastBooking; emailed: boolean }) {
  if (!booking.manageToken) {
    return (
      <p className="card">
        To change or cancel this booking, use the link you were given when you first booked.
      </p>
    );
  }
  const to = `${paths.reschedule}?${new URLSearchParams({ token: booking.manageToken })}`;
  return (
    <section aria-labelledby="manage-title" className="card space-y-3">
      <h2 id="manage-title" className="text-lg font-bold">
        Change or cancel
      </h2>
      <p>
        This link lets you move or cancel your booking.
        {emailed && ' It is also in your confirmation e-mail.'} Please keep it, and do not share it.
      </p>
      <Link to={to} className="link inline-block">
        Change or cancel your booking
      </Link>
      <p className="rounded-lg bg-canvas p-3 font-mono text-sm break-all">
        {`${window.location.origin}${to}`}
      </p>
    </section>
  );
}
