import { sendEmail } from '#server/integrations/email/send-email.ts';
import { resolveSmtpTarget } from '#server/integrations/email/smtp-target.ts';
import { PermanentDeliveryError } from '#server/integrations/delivery.ts';
import { bookingContext, leadContext } from '#server/messages/booking-context.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import {
  businessDetails,
  findBookingWithCustomer,
} from '#server/messages/message-facts.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import { calendarEventFor } from '#server/messages/templates/booking-calendar.ts';
import type { BookingChangePayload } from '#server/messages/booking-change-messages.ts';
import {
  bookingCancelledNoticeEmail,
  bookingChangedEmail,
  newBookingEmail,
  newLeadEmail,
} from '#server/messages/templates/business-emails.ts';
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  bookingUpdatedEmail,
} from '#server/messages/templates/customer-emails.ts';
import { renderEmail, type EmailContent } from '#server/messages/templates/email-layout.ts';
import { oneLine } from '#server/messages/templates/format.ts';
import type { HandlerDeps } from './handler-deps';
import { reminderStillDue } from './reminder-check';

type Calendar = { method: 'REQUEST' | 'CANCEL'; content: string } | undefined;

/** Every e-mail: the customer's booking messages and reminders, the business's notices, tests. */
export async function handleEmail(delivery: DeliveryRow, deps: HandlerDeps) {
  const settings = await readProviderSettings(deps.db, deps.secrets);
  const { business } = await businessDetails(deps.db);
  const target = resolveSmtpTarget(
    deps.endpoints.smtpUrl,
    {
      host: settings.smtp_host,
      port: settings.smtp_port,
      secure: settings.smtp_secure === true,
      user: settings.smtp_user,
      password: settings.smtp_password,
      fromAddress: settings.smtp_from,
    },
    // the business e-mail is blank until confirmed: the seeded placeholder is never the sender
    business.email || noReplyAddress(deps.appUrl),
  );
  const from = target?.from ?? business.email;
  const content = await compose(delivery, deps, from);
  if ('skipped' in content) return content;
  return sendEmail(
    target,
    {
      to: delivery.recipient,
      // the business's name is what the inbox shows (none until its details are confirmed)
      from: business.name ? { name: oneLine(business.name), address: from } : from,
      // replies reach the business, whatever mailbox the server sends from
      replyTo: business.email || undefined,
      ...content.email,
      // one id per delivery: a message re-sent after a crash is recognisably the same message
      messageId: `<${delivery.id}@tintbook.local>`,
      calendar: content.calendar,
    },
    deps.log,
    deps.resolve,
  );
}

/** no-reply@ the site's host: the sender while neither a from-address nor the business is set. */
function noReplyAddress(appUrl: string): string {
  const host = URL.canParse(appUrl) ? new URL(appUrl).hostname : '';
  // a domain name; an IP address or "localhost" makes no usable address
  return `no-reply@${/^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i.test(host) ? host : 'tintbook.local'}`;
}

async function compose(
  delivery: DeliveryRow,
  deps: HandlerDeps,
  sender: string,
): Promise<{ email: EmailContent; calendar?: Calendar } | Skipped> {
  const { db, appUrl } = deps;
  if (delivery.kind === 'test') {
    const { business } = await businessDetails(db);
    const email = renderEmail(
      `Test e-mail from ${business.name || 'your booking site'}`,
      'It works',
      [{ paragraph: 'This test from Settings → Messages shows that e-mail reaches you.' }],
    );
    return { email };
  }
  if (delivery.kind === 'business_new_lead') {
    const ctx = delivery.leadId && (await leadContext(db, delivery.leadId, appUrl));
    if (!ctx) return { skipped: 'The lead no longer exists' };
    const { timeZone } = await businessDetails(db);
    return { email: newLeadEmail(ctx, timeZone) };
  }
  const facts = delivery.bookingId && (await findBookingWithCustomer(db, delivery.bookingId));
  if (!facts) return { skipped: 'The booking no longer exists' };
  // the business's notices go whatever became of the booking since; never with a manage link
  const forBusiness = delivery.kind.startsWith('business_');
  const ctx = await bookingContext(db, facts, appUrl, !forBusiness);
  if (!ctx) return { skipped: 'The booking has no customer' };
  const now = deps.now();
  const invitation = (method: 'REQUEST' | 'CANCEL') => ({
    method,
    content: calendarEventFor(ctx, method, now, sender),
  });
  const live = facts.booking.status !== 'cancelled';
  if (!live && delivery.kind !== 'booking_cancelled' && !forBusiness) {
    return { skipped: 'The booking was cancelled before this message went' };
  }
  switch (delivery.kind) {
    case 'booking_confirmed':
      return { email: bookingConfirmedEmail(ctx), calendar: invitation('REQUEST') };
    case 'booking_rescheduled':
      return { email: bookingRescheduledEmail(ctx), calendar: invitation('REQUEST') };
    case 'booking_updated':
      return { email: bookingUpdatedEmail(ctx), calendar: invitation('REQUEST') };
    case 'booking_cancelled':
      return { email: bookingCancelledEmail(ctx), calendar: invitation('CANCEL') };
    case 'business_new_booking':
      return { email: newBookingEmail(ctx) };
    case 'business_booking_cancelled':
      return { email: bookingCancelledNoticeEmail(ctx) };
    case 'business_booking_changed':
      return { email: bookingChangedEmail(ctx, delivery.payload as Partial<BookingChangePayload>) };
    case 'reminder_24h':
    case 'reminder_2h': {
      const stale = reminderStillDue(delivery, facts.booking, now);
      if (stale) return stale;
      return { email: bookingReminderEmail(ctx, delivery.kind === 'reminder_24h' ? '24h' : '2h') };
    }
    default:
      throw new PermanentDeliveryError(`No e-mail is written for "${delivery.kind}"`);
  }
}
