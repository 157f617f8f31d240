// The parts customer booking e-mails share: what was booked, what happens next, the manage
// link, and how to reach the business.
import type { BookingMessageContext, BusinessDetails } from '#server/messages/message-context.ts';
import type { Block } from './email-layout';
import { formatEstimate, formatWhen, serviceLabel } from './format';

export const isOnsite = (ctx: BookingMessageContext) => ctx.booking.serviceType === 'onsite';

export const when = (ctx: BookingMessageContext) =>
  formatWhen(ctx.booking.start, ctx.booking.timeZone);

export function bookingDetails(ctx: BookingMessageContext, { estimate = true } = {}): Block {
  const { booking, customer } = ctx;
  const details: [string, string][] = [
    ['When', when(ctx)],
    ['Consultation', serviceLabel(booking.serviceType)],
  ];
  if (isOnsite(ctx) && customer.address) details.push(['Where', customer.address]);
  if (!isOnsite(ctx)) details.push(['We call you on', customer.phone]);
  if (estimate && typeof booking.estimatedPriceCents === 'number') {
    details.push(['Your estimate', formatEstimate(booking.estimatedPriceCents)]);
  }
  if (estimate && booking.promoCode) details.push(['Promo code', booking.promoCode]);
  return { details };
}

export function estimateNote(ctx: BookingMessageContext): Block[] {
  return typeof ctx.booking.estimatedPriceCents === 'number'
    ? [{ paragraph: 'Your consultant confirms the price once your windows are measured.' }]
    : [];
}

export function whatHappensNext(ctx: BookingMessageContext): Block[] {
  const onsite = isOnsite(ctx);
  return [
    { heading: 'What happens next' },
    {
      steps: [
        onsite
          ? 'Your consultant visits your property at the booked time.'
          : 'Your consultant calls you at the booked time on the phone number you gave us.',
        onsite
          ? 'They measure every window precisely and talk through the tint that suits your main concern.'
          : 'They talk through your windows and your main concern, and arrange a visit to measure if needed.',
        'You get a confirmed price before any work is booked.',
      ],
    },
  ];
}

export function manageLink(ctx: BookingMessageContext): Block[] {
  return [
    { heading: 'Change or cancel' },
    { link: { label: 'Change or cancel your booking', url: ctx.manageUrl } },
    {
      paragraph:
        'This link lets you move or cancel your booking, so please keep this e-mail and do not forward it.',
    },
  ];
}

export function contactUs({ name, phone }: BusinessDetails): Block[] {
  return [
    {
      paragraph: phone
        ? `Questions? Reply to this e-mail or call us on ${phone}.`
        : 'Questions? Reply to this e-mail.',
    },
    // the signature; none while the business details are not confirmed (the name is blank)
    ...(name ? [{ paragraph: name }] : []),
  ];
}
