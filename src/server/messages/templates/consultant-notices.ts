// What a consultant is told of their own bookings (issue 28): an e-mail with the customer's
// details, the lead's link and the calendar entry attached, and a text saying what and when with
// the one thing they need to act on it (the number to call, the address to drive to). Never the
// customer's manage link: that is the customer's alone.
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import type { ConsultantNoticePayload } from '#server/messages/consultant-notices.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type { BookingMessageContext } from '#server/messages/message-context.ts';
import { renderEmail, type Block, type EmailContent } from './email-layout';
import { aService, formatShortWhen, formatWhen, fullName, oneLine, serviceLabel } from './format';

/** What a template reads of the delivery: its payload (ConsultantNoticePayload). */
type Notice = Pick<DeliveryRow, 'payload'>;

const payloadOf = (delivery: Notice) => delivery.payload as Partial<ConsultantNoticePayload>;

const isOnsite = (ctx: BookingMessageContext) => ctx.booking.serviceType === 'onsite';

/** "Jane Citizen's phone consultation". */
const whose = (ctx: BookingMessageContext) =>
  `${fullName(ctx.customer)}'s ${serviceLabel(ctx.booking.serviceType).toLowerCase()}`;

function details(ctx: BookingMessageContext, was?: string): Block {
  const { booking, customer } = ctx;
  const rows: [string, string][] = [['When', formatWhen(booking.start, booking.timeZone)]];
  if (was) rows.push(['Was', formatWhen(new Date(was), booking.timeZone)]);
  rows.push(
    ['Consultation', serviceLabel(booking.serviceType)],
    ['Customer', fullName(customer)],
    ['Phone', formatAustralianPhone(customer.phone)],
  );
  if (isOnsite(ctx) && customer.address) rows.push(['Address', customer.address]);
  rows.push(['Notes', booking.notes ?? 'none']);
  return { details: rows };
}

function notice(
  ctx: BookingMessageContext,
  delivery: Notice,
  title: string,
  says: string,
  calendar: string,
): EmailContent {
  const { consultantName, was } = payloadOf(delivery);
  const when = formatWhen(ctx.booking.start, ctx.booking.timeZone);
  const service = serviceLabel(ctx.booking.serviceType).toLowerCase();
  return renderEmail(`${title}: ${fullName(ctx.customer)}, ${service} on ${when}`, title, [
    ...(consultantName ? [{ paragraph: `Hi ${oneLine(consultantName)},` }] : []),
    { paragraph: says },
    details(ctx, was),
    { paragraph: calendar },
    { link: { label: 'Open the lead', url: ctx.staffUrl } },
  ]);
}

export function consultantNewEmail(ctx: BookingMessageContext, delivery: Notice) {
  const says =
    payloadOf(delivery).why === 'reassigned'
      ? `${whose(ctx)} has been given to you.`
      : `${fullName(ctx.customer)} has booked ${aService(ctx.booking.serviceType)} with you.`;
  return notice(
    ctx,
    delivery,
    'New booking for you',
    says,
    'The attached file adds it to your calendar.',
  );
}

export function consultantMovedEmail(ctx: BookingMessageContext, delivery: Notice) {
  const updated = payloadOf(delivery).why === 'updated';
  const when = formatWhen(ctx.booking.start, ctx.booking.timeZone);
  const says = updated
    ? `${fullName(ctx.customer)}'s booking is now ${aService(ctx.booking.serviceType)}, ${when}.`
    : `${whose(ctx)} has moved to ${when}.`;
  const title = updated ? 'Your booking changed' : 'Your booking moved';
  return notice(ctx, delivery, title, says, 'The attached file updates your calendar entry.');
}

export function consultantCancelledEmail(ctx: BookingMessageContext, delivery: Notice) {
  const reassigned = payloadOf(delivery).why === 'reassigned';
  const says = reassigned
    ? `${whose(ctx)} has been given to another consultant: it is no longer yours.`
    : `${whose(ctx)} is cancelled. The time is free again.`;
  const title = reassigned ? 'No longer your booking' : 'Your booking cancelled';
  return notice(ctx, delivery, title, says, 'The attached file removes it from your calendar.');
}

// Texts: plain and short, GSM characters only in our own wording; no opt-out line (these are
// the consultant's work, not marketing).

const text = (ctx: BookingMessageContext, ...sentences: string[]) =>
  [ctx.business.name ? `${oneLine(ctx.business.name)}:` : '', ...sentences]
    .filter(Boolean)
    .join(' ');

const what = (ctx: BookingMessageContext) =>
  `${serviceLabel(ctx.booking.serviceType).toLowerCase()} with ${fullName(ctx.customer)}, ${formatShortWhen(ctx.booking.start, ctx.booking.timeZone)}`;

/** The number to call, or the address to visit. */
const reach = ({ booking, customer }: BookingMessageContext) =>
  booking.serviceType === 'onsite' && customer.address
    ? `At ${oneLine(customer.address)}.`
    : `Phone ${formatAustralianPhone(customer.phone)}.`;

export const consultantNewSms = (ctx: BookingMessageContext) =>
  text(ctx, `new booking for you: ${what(ctx)}.`, reach(ctx));

export const consultantMovedSms = (ctx: BookingMessageContext, delivery: Notice) =>
  text(
    ctx,
    `booking ${payloadOf(delivery).why === 'updated' ? 'changed' : 'moved'}: ${what(ctx)}.`,
    reach(ctx),
  );

export const consultantCancelledSms = (ctx: BookingMessageContext, delivery: Notice) =>
  payloadOf(delivery).why === 'reassigned'
    ? text(ctx, `booking given to another consultant: ${what(ctx)}. It is no longer yours.`)
    : text(ctx, `booking cancelled: ${what(ctx)}.`);
