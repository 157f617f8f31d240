// The booking as the calendar invitation the customer's e-mails carry, made by the same generator
// as the file the confirmation page downloads, with the same UID: accepting the invitation,
// downloading the file, a reschedule and a cancel all land on one calendar entry. The consultant's
// notices carry the same entry (same UID and SEQUENCE) as their own calendar sees it.
import {
  bookingCalendarUid,
  icsFile,
  type CalendarEvent,
  type CalendarPerson,
} from '#shared/booking/calendar-event.ts';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import type { BookingMessageContext } from '#server/messages/message-context.ts';
import { fullName, oneLine, serviceLabel } from './format';

type Method = 'REQUEST' | 'CANCEL';

/** What the customer's and the consultant's entries share: the booking's identity and time. */
function entryOf(ctx: BookingMessageContext, method: Method, now: Date, sender: string) {
  const { booking, business } = ctx;
  const name = oneLine(business.name);
  return {
    uid: bookingCalendarUid(booking.id),
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    stamp: now.getTime(),
    location:
      booking.serviceType === 'onsite' && ctx.customer.address ? ctx.customer.address : undefined,
    // a cancel must outrank the last invitation even when the booking's sequence did not move
    sequence: method === 'CANCEL' ? booking.sequence + 1 : booking.sequence,
    organizer: { name: name || 'Window tinting bookings', email: business.email || sender },
  } satisfies Partial<CalendarEvent>;
}

/**
 * `sender`: the address the e-mail goes from, the organiser when the business has no confirmed
 * e-mail. Until the business details are confirmed the name is blank and the entry names no
 * business: the seeded placeholders never reach a customer's calendar.
 */
export function calendarEventFor(
  ctx: BookingMessageContext,
  method: Method,
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
      ...entryOf(ctx, method, now, sender),
      summary: `Window tinting ${serviceLabel(booking.serviceType).toLowerCase()}${name ? ` (${name})` : ''}`,
      description: `${visit}\n\nTo change or cancel: ${ctx.manageUrl}`,
      attendee: { name: fullName(customer), email: customer.email },
    },
    method,
  );
}

/**
 * The consultant's entry: the customer and what they need to call or visit, and the lead's link
 * (never the customer's manage link). `consultant`: the attendee, the notice's recipient.
 */
export function consultantCalendarEvent(
  ctx: BookingMessageContext,
  method: Method,
  now: Date,
  sender: string,
  consultant: CalendarPerson,
): string {
  const { booking, customer } = ctx;
  const onsite = booking.serviceType === 'onsite';
  const lines = [
    `Customer: ${fullName(customer)}`,
    `Phone: ${formatAustralianPhone(customer.phone)}`,
    ...(onsite && customer.address ? [`Address: ${customer.address}`] : []),
    `Notes: ${booking.notes ?? 'none'}`,
    '',
    `The lead: ${ctx.staffUrl}`,
  ];
  return icsFile(
    {
      ...entryOf(ctx, method, now, sender),
      summary: `${serviceLabel(booking.serviceType)}: ${fullName(customer)}`,
      description: lines.join('\n'),
      attendee: consultant,
    },
    method,
  );
}
