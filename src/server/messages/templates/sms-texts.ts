// Text messages: plain, short (one or two 160-character segments, GSM characters only in our
// own wording), each ending with how to opt out. No manage link: a text's body stays in the
// provider's logs, and the link is in the confirmation e-mail.
import type { BookingMessageContext } from '#server/messages/message-context.ts';
import type { ReminderLead } from './customer-emails';
import { formatShortWhen, formatTime, oneLine, serviceLabel } from './format';

export const optOutText = 'Reply STOP to opt out.';

const service = (ctx: BookingMessageContext) => serviceLabel(ctx.booking.serviceType).toLowerCase();

const howItHappens = (ctx: BookingMessageContext) =>
  ctx.booking.serviceType === 'onsite'
    ? 'Your consultant visits your property.'
    : 'Your consultant calls you on this number.';

const text = (ctx: BookingMessageContext, ...sentences: string[]) =>
  [ctx.business.name ? `${oneLine(ctx.business.name)}:` : '', ...sentences, optOutText]
    .filter(Boolean)
    .join(' ');

export function bookingConfirmedSms(ctx: BookingMessageContext): string {
  const when = formatShortWhen(ctx.booking.start, ctx.booking.timeZone);
  return text(
    ctx,
    `your ${service(ctx)} is booked for ${when}.`,
    howItHappens(ctx),
    'Details and changes: see your confirmation e-mail.',
  );
}

export function bookingReminderSms(ctx: BookingMessageContext, lead: ReminderLead): string {
  const { start, timeZone } = ctx.booking;
  return text(
    ctx,
    lead === '24h'
      ? `reminder of your ${service(ctx)} on ${formatShortWhen(start, timeZone)}.`
      : `your ${service(ctx)} starts at ${formatTime(start, timeZone)} today.`,
    howItHappens(ctx),
  );
}
