// Text messages: plain, short (one or two 160-character segments, GSM characters only in our
// own wording), each to a customer ending with how to opt out. No manage link: a text's body
// stays in the provider's logs, and the link is in the confirmation e-mail. The consultants'
// texts are in consultant-notices.ts.
import type { MessageKindOf } from '#shared/admin/message-kinds.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type { BookingMessageContext, BusinessDetails } from '#server/messages/message-context.ts';
import { consultantCancelledSms, consultantMovedSms, consultantNewSms } from './consultant-notices';
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

/** "Send test" in Settings → Messages, to the mobile the admin gave. */
export const testSms = (business: BusinessDetails) =>
  `Test text from ${business.name || 'your booking site'}: text messages reach you. ${optOutText}`;

export type SmsTemplate =
  | { about: 'business'; write: (business: BusinessDetails) => string }
  | {
      about: 'booking';
      write: (ctx: BookingMessageContext, delivery: DeliveryRow) => string;
      /** Goes only while due for the booking as it is now (reminderStillDue). */
      reminder?: true;
    };

/** Each kind that goes by text, and its text: a new one without it fails typecheck. */
export const smsTemplates: Record<MessageKindOf<'sms'>, SmsTemplate> = {
  test: { about: 'business', write: testSms },
  booking_confirmed: { about: 'booking', write: bookingConfirmedSms },
  reminder_24h: {
    about: 'booking',
    write: (ctx) => bookingReminderSms(ctx, '24h'),
    reminder: true,
  },
  reminder_2h: { about: 'booking', write: (ctx) => bookingReminderSms(ctx, '2h'), reminder: true },
  consultant_booking_new: { about: 'booking', write: consultantNewSms },
  consultant_booking_moved: { about: 'booking', write: consultantMovedSms },
  consultant_booking_cancelled: { about: 'booking', write: consultantCancelledSms },
};
