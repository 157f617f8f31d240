// The e-mails the business gets: every new lead, every new booking and every change a customer
// makes to one (a cancellation too), with what staff need to call the customer back and whose
// booking it is. Never the customer's manage link: that is the customer's alone.
// And the test e-mail from Settings → Messages.
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import type {
  BookingMessageContext,
  BusinessDetails,
  LeadMessageContext,
} from '#server/messages/message-context.ts';
import type { BookingChangePayload } from '#server/messages/booking-change-messages.ts';
import { renderEmail, type Block, type EmailContent } from './email-layout';
import { aService, formatEstimate, formatWhen, fullName, serviceLabel } from './format';

type Customer = BookingMessageContext['customer'];

function contactDetails(customer: Customer): Block {
  const details: [string, string][] = [
    ['Name', fullName(customer)],
    ['E-mail', customer.email],
    ['Phone', formatAustralianPhone(customer.phone)],
  ];
  if (customer.address) details.push(['Address', customer.address]);
  return { details };
}

/** Whose booking it is (issue 28): the consultant's name, when one is on file. */
const consultantOf = (ctx: BookingMessageContext): [string, string][] =>
  ctx.consultant ? [['Consultant', ctx.consultant.name]] : [];

const openTheLead = (staffUrl: string): Block => ({
  link: { label: 'Open the lead', url: staffUrl },
});

// what a customer picked on the contact form, in the words of the form
const bookingOptions: Record<string, string> = {
  estimate: 'Get an estimate',
  consultation: 'Book a consultation',
};

/** `timeZone`: the booking rules' zone (a lead has no booking to take it from). */
export function newLeadEmail(
  ctx: LeadMessageContext,
  timeZone: string = settingDefaults.timezone,
): EmailContent {
  const { lead, customer } = ctx;
  const name = fullName(customer);
  const about: [string, string][] = [['Received', formatWhen(lead.createdAt, timeZone)]];
  if (lead.bookingOption) {
    about.push(['Asked to', bookingOptions[lead.bookingOption] ?? lead.bookingOption]);
  }
  if (lead.painPoint) about.push(['Main concern', lead.painPoint]);
  if (lead.source) about.push(['Came from', lead.source]);
  return renderEmail(`New lead: ${name}`, 'New lead', [
    { paragraph: `${name} has sent their details through the website.` },
    contactDetails(customer),
    { details: about },
    openTheLead(ctx.staffUrl),
  ]);
}

export function newBookingEmail(ctx: BookingMessageContext): EmailContent {
  const { booking, customer } = ctx;
  const name = fullName(customer);
  const service = serviceLabel(booking.serviceType);
  const when = formatWhen(booking.start, booking.timeZone);
  const details: [string, string][] = [
    ['When', when],
    ['Consultation', service],
    ...consultantOf(ctx),
  ];
  if (typeof booking.estimatedPriceCents === 'number') {
    details.push(['Estimate', formatEstimate(booking.estimatedPriceCents)]);
  } else {
    details.push(['Estimate', 'none yet']);
  }
  if (booking.promoCode) details.push(['Promo code', booking.promoCode]);
  if (booking.notes) details.push(['Notes', booking.notes]);
  return renderEmail(`New booking: ${name}, ${service.toLowerCase()} on ${when}`, 'New booking', [
    { paragraph: `${name} has booked ${aService(booking.serviceType)}.` },
    { details },
    { heading: 'Customer' },
    contactDetails(customer),
    openTheLead(ctx.staffUrl),
  ]);
}

/** A customer changed their booking through their link: what it is now, and what it was. */
export function bookingChangedEmail(
  ctx: BookingMessageContext,
  { before = {} }: Partial<BookingChangePayload>,
): EmailContent {
  const { booking, customer } = ctx;
  const name = fullName(customer);
  const service = serviceLabel(booking.serviceType);
  const when = formatWhen(booking.start, booking.timeZone);
  const was: [string, string][] = [];
  if (before.start) was.push(['When', formatWhen(new Date(before.start), booking.timeZone)]);
  if (before.serviceType) was.push(['Consultation', serviceLabel(before.serviceType)]);
  if (before.notes !== undefined) was.push(['Notes', before.notes ?? 'none']);
  if (before.consultant) was.push(['Consultant', before.consultant]);
  return renderEmail(
    `Booking changed: ${name}, ${service.toLowerCase()} on ${when}`,
    'Booking changed',
    [
      { paragraph: `${name} has changed their booking.` },
      {
        details: [
          ['When', when],
          ['Consultation', service],
          ...consultantOf(ctx),
          ['Notes', booking.notes ?? 'none'],
        ],
      },
      { heading: 'Before the change' },
      { details: was },
      { heading: 'Customer' },
      contactDetails(customer),
      openTheLead(ctx.staffUrl),
    ],
  );
}

/** A customer cancelled through their link: the time is free again, the lead needs a call. */
export function bookingCancelledNoticeEmail(ctx: BookingMessageContext): EmailContent {
  const { booking, customer } = ctx;
  const name = fullName(customer);
  const service = serviceLabel(booking.serviceType);
  const when = formatWhen(booking.start, booking.timeZone);
  return renderEmail(
    `Booking cancelled: ${name}, ${service.toLowerCase()} on ${when}`,
    'Booking cancelled',
    [
      { paragraph: `${name} has cancelled their booking. The time is free again.` },
      {
        details: [
          ['When', when],
          ['Consultation', service],
          ...consultantOf(ctx),
          ['Notes', booking.notes ?? 'none'],
        ],
      },
      { heading: 'Customer' },
      contactDetails(customer),
      openTheLead(ctx.staffUrl),
    ],
  );
}

/** "Send test" in Settings → Messages: e-mail reaches the business. */
export function testEmail(business: BusinessDetails): EmailContent {
  return renderEmail(`Test e-mail from ${business.name || 'your booking site'}`, 'It works', [
    { paragraph: 'This test from Settings → Messages shows that e-mail reaches you.' },
  ]);
}
