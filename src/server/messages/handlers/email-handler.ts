import { messageKinds } from '#shared/admin/message-kinds.ts';
import { sendEmail } from '#server/integrations/email/send-email.ts';
import { resolveSmtpTarget } from '#server/integrations/email/smtp-target.ts';
import { bookingContext, leadContext } from '#server/messages/booking-context.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import {
  businessDetails,
  findBookingWithCustomer,
} from '#server/messages/message-facts.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import {
  calendarEventFor,
  consultantCalendarEvent,
} from '#server/messages/templates/booking-calendar.ts';
import type { EmailContent } from '#server/messages/templates/email-layout.ts';
import { emailTemplates } from '#server/messages/templates/email-templates.ts';
import { oneLine } from '#server/messages/templates/format.ts';
import { consultantNoticeStale } from './consultant-check';
import { kindOn } from './delivery-kind';
import type { HandlerDeps } from './handler-deps';
import { reminderStillDue } from './reminder-check';

type Calendar = { method: 'REQUEST' | 'CANCEL'; content: string } | undefined;

/**
 * Every e-mail: the customer's booking messages and reminders, the business's notices, the
 * consultants' notices of their own bookings, tests.
 */
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
  const kind = kindOn(delivery, 'email', 'e-mail');
  const template = emailTemplates[kind];
  if (template.about === 'business') {
    const { business } = await businessDetails(db);
    return { email: template.write(business, delivery) };
  }
  if (template.about === 'lead') {
    const ctx = delivery.leadId && (await leadContext(db, delivery.leadId, appUrl));
    if (!ctx) return { skipped: 'The lead no longer exists' };
    const { timeZone } = await businessDetails(db);
    return { email: template.write(ctx, timeZone) };
  }
  const facts = delivery.bookingId && (await findBookingWithCustomer(db, delivery.bookingId));
  if (!facts) return { skipped: 'The booking no longer exists' };
  const { audience } = messageKinds[kind];
  // the business's notices go whatever became of the booking since; only the customer's carry a
  // manage link
  const forBusiness = audience === 'business';
  const ctx = await bookingContext(db, facts, appUrl, audience === 'customer');
  if (!ctx) return { skipped: 'The booking has no customer' };
  const now = deps.now();
  if (audience === 'consultant') {
    const stale = consultantNoticeStale(delivery, facts.booking);
    if (stale) return stale;
  } else if (facts.booking.status === 'cancelled' && !template.sentOnceCancelled && !forBusiness) {
    return { skipped: 'The booking was cancelled before this message went' };
  }
  if (template.reminder) {
    const stale = reminderStillDue(delivery, facts.booking, now);
    if (stale) return stale;
  }
  const email = template.write(ctx, delivery);
  if (!template.invitation) return { email };
  const method = template.invitation;
  const content =
    audience === 'consultant'
      ? consultantCalendarEvent(ctx, method, now, sender, {
          name: String(delivery.payload.consultantName ?? ''),
          email: delivery.recipient,
        })
      : calendarEventFor(ctx, method, now, sender);
  return { email, calendar: { method, content } };
}
