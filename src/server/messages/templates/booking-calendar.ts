// The booking as the calendar invitation the customer's e-mails carry, made by the same generator
// as the file the confirmation page downloads, with the same UID: accepting the invitation,
// downloading the file, a reschedule and a cancel all land on one calendar entry.
import { bookingCalendarUid, icsFile } from '#shared/booking/calendar-event.ts';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import type { BookingMessageContext } from '#server/messages/message-context.ts';
import { fullName, oneLine, serviceLabel } from './format';

/**
 * `sender`: the address the e-mail goes from, the organiser when the business has no confirmed
 * e-mail. Until the business details are confirmed the name is blank and the entry names no
 * business: the seeded placeholders never reach a customer's calendar.
 */
export function calendarEventFor(
  ctx: BookingMessageContext,
  method: 'REQUEST' | 'CANCEL',
  now: Date,
  sender = '',
): string {
  const { booking, business, customer } = ctx;
  const onsite = booking.serviceType === 'onsite';
  const name = oneLine(business.name);
  const consultant = name ? `Your consultant from ${name}` : 'Your consultant';
  const visit = onsite
    ? `${consultant} visits to measure your windows and confirm the price.`
    : `${consultant} calls you on ${formatAustralianPhone(customer.phone)}.`;
  return icsFile(
    {
      uid: bookingCalendarUid(booking.id),
      start: booking.start.toISOString(),
      end: booking.end.toISOString(),
      stamp: now.getTime(),
      summary: `Window tinting ${serviceLabel(booking.serviceType).toLowerCase()}${name ? ` (${name})` : ''}`,
      description: `${visit}\n\nTo change or cancel: ${ctx.manageUrl}`,
      location: onsite && customer.address ? customer.address : undefined,
      // a cancel must outrank the last invitation even when the booking's sequence did not move
      sequence: method === 'CANCEL' ? booking.sequence + 1 : booking.sequence,
      organizer: { name: name || 'Window tinting bookings', email: business.email || sender },
      attendee: { name: fullName(customer), email: customer.email },
    },
    method,
  );
}
