// The e-mails a customer gets about their booking. The wording lives here and nowhere else.
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import type { BookingMessageContext } from '#server/messages/message-context.ts';
import {
  bookingDetails,
  contactUs,
  estimateNote,
  isOnsite,
  manageLink,
  waysToReachUs,
  when,
  whatHappensNext,
} from './booking-blocks';
import { renderEmail, type EmailContent } from './email-layout';
import { aService, formatDate, formatTime, oneLine, serviceLabel } from './format';

const greeting = (ctx: BookingMessageContext) => ({
  paragraph: `Hi ${oneLine(ctx.customer.firstName)},`,
});
const service = (ctx: BookingMessageContext) => serviceLabel(ctx.booking.serviceType).toLowerCase();
// 'us' while the business details are not confirmed (the name is then blank)
const business = (ctx: BookingMessageContext) => oneLine(ctx.business.name) || 'us';
const calendarNote = (change: string) => ({
  paragraph: `The calendar invitation attached to this e-mail ${change}.`,
});

export function bookingConfirmedEmail(ctx: BookingMessageContext): EmailContent {
  return renderEmail(
    `Booking confirmed: ${service(ctx)} on ${when(ctx)}`,
    'Your booking is confirmed',
    [
      greeting(ctx),
      {
        paragraph: `Thanks for booking ${aService(ctx.booking.serviceType)} with ${business(ctx)}.`,
      },
      bookingDetails(ctx),
      ...estimateNote(ctx),
      ...whatHappensNext(ctx),
      calendarNote('adds it to your calendar'),
      ...manageLink(ctx),
      ...contactUs(ctx.business),
    ],
  );
}

export function bookingRescheduledEmail(ctx: BookingMessageContext): EmailContent {
  return renderEmail(
    `Booking moved: your ${service(ctx)} is now on ${when(ctx)}`,
    'Your booking has a new time',
    [
      greeting(ctx),
      { paragraph: `Your ${service(ctx)} with ${business(ctx)} has moved to ${when(ctx)}.` },
      bookingDetails(ctx),
      calendarNote('moves the entry in your calendar'),
      ...manageLink(ctx),
      ...contactUs(ctx.business),
    ],
  );
}

/** Another consultation type (perhaps at a new time too): who goes where has changed. */
export function bookingUpdatedEmail(ctx: BookingMessageContext): EmailContent {
  return renderEmail(
    `Booking updated: your ${service(ctx)} on ${when(ctx)}`,
    'Your booking is updated',
    [
      greeting(ctx),
      {
        paragraph: `Your booking with ${business(ctx)} is now ${aService(ctx.booking.serviceType)} on ${when(ctx)}.`,
      },
      bookingDetails(ctx),
      ...whatHappensNext(ctx),
      calendarNote('updates the entry in your calendar'),
      ...manageLink(ctx),
      ...contactUs(ctx.business),
    ],
  );
}

export function bookingCancelledEmail(ctx: BookingMessageContext): EmailContent {
  return renderEmail(
    `Booking cancelled: ${service(ctx)} on ${when(ctx)}`,
    'Your booking is cancelled',
    [
      greeting(ctx),
      {
        paragraph: `Your ${service(ctx)} with ${business(ctx)} on ${when(ctx)} is cancelled.`,
      },
      calendarNote('removes it from your calendar'),
      { heading: 'Book again' },
      { link: { label: 'Book a new time', url: ctx.bookUrl } },
      ...(waysToReachUs(ctx.business)
        ? [{ paragraph: `Or, to arrange it with us, ${waysToReachUs(ctx.business)}.` }]
        : []),
      ...(ctx.business.name ? [{ paragraph: oneLine(ctx.business.name) }] : []),
    ],
  );
}

export type ReminderLead = '24h' | '2h';

const preparation = (ctx: BookingMessageContext) =>
  isOnsite(ctx)
    ? 'Please make sure someone is home to let your consultant in, and that the windows can be reached.'
    : `Please have your phone (${formatAustralianPhone(ctx.customer.phone)}) with you; your consultant calls at the booked time.`;

export function bookingReminderEmail(ctx: BookingMessageContext, lead: ReminderLead): EmailContent {
  const { start, timeZone } = ctx.booking;
  const day = formatDate(start, timeZone);
  const time = formatTime(start, timeZone);
  const subject =
    lead === '24h'
      ? `Reminder: your ${service(ctx)} on ${day} at ${time}`
      : `Starting soon: your ${service(ctx)} at ${time} today`;
  const opening =
    lead === '24h'
      ? `A reminder of your ${service(ctx)} with ${business(ctx)}.`
      : `Your ${service(ctx)} with ${business(ctx)} starts in about two hours.`;
  return renderEmail(subject, lead === '24h' ? 'See you soon' : 'See you shortly', [
    greeting(ctx),
    { paragraph: opening },
    bookingDetails(ctx, { estimate: false }),
    { paragraph: preparation(ctx) },
    ...manageLink(ctx),
    ...contactUs(ctx.business),
  ]);
}
