// The parts customer booking e-mails share: what was booked, what happens next, the manage
// link, and how to reach the business.
import type { BookingMessageContext, BusinessDetails } from '#server/messages/message-context.ts';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
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
  if (!isOnsite(ctx)) details.push(['We call you on', formatAustralianPhone(customer.phone)]);
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

/**
 * How to reach the business, in words that are true: "reply to this e-mail" only when replies
 * reach it (its e-mail is the Reply-To, set once the business details are confirmed), the phone
 * as Australians write it. Empty when there is neither.
 */
export function waysToReachUs({ email, phone }: BusinessDetails): string {
  const call = phone ? `call us on ${formatAustralianPhone(phone)}` : '';
  return [email ? 'reply to this e-mail' : '', call].filter(Boolean).join(' or ');
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The signature; none while the business details are not confirmed (the name is blank). */
export const signature = ({ name }: BusinessDetails): Block[] =>
  name ? [{ paragraph: name }] : [];

export function contactUs(business: BusinessDetails): Block[] {
  const ways = waysToReachUs(business);
  return [
    ...(ways ? [{ paragraph: `Questions? ${capitalised(ways)}.` }] : []),
    ...signature(business),
  ];
}
