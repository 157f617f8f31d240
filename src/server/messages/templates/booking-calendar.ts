// The booking as the calendar invitation the customer's e-mails carry, made by the same generator
// as the file the confirmation page downloads, with the same UID: accepting the invitation,
// downloading the file, a reschedule and a cancel all land on one calendar entry.
import { bookingCalendarUid, icsFile } from '#shared/booking/calendar-event.ts';
import type { BookingMessageContext } from '#server/messages/message-context.ts';
import { fullName, oneLine, serviceLabel } from './format';

export function calendarEventFor(
  ctx: BookingMessageContext,
  method: 'REQUEST' | 'CANCEL',
  now: Date,
): string {
  const { booking, business, customer } = ctx;
  const onsite = booking.serviceType === 'onsite';
  const name = oneLine(business.name);
  const visit = onsite
    ? `Your consultant from ${name} visits to measure your windows and confirm the price.`
    : `Your consultant from ${name} calls you on ${customer.phone}.`;
  return icsFile(
    {
      uid: bookingCalendarUid(booking.id),
      start: booking.start.toISOString(),
      end: booking.end.toISOString(),
      stamp: now.getTime(),
      summary: `Window tinting ${serviceLabel(booking.serviceType).toLowerCase()} (${name})`,
      description: `${visit}\n\nTo change or cancel: ${ctx.manageUrl}`,
      location: onsite && customer.address ? customer.address : undefined,
      // a cancel must outrank the last invitation even when the booking's sequence did not move
      sequence: method === 'CANCEL' ? booking.sequence + 1 : booking.sequence,
      organizer: { name, email: business.email },
      attendee: { name: fullName(customer), email: customer.email },
    },
    method,
  );
}
