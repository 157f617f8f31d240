import { isKindOf, messageKinds, type MessageKind } from '#shared/admin/message-kinds.ts';
import { PermanentDeliveryError } from '#server/integrations/delivery.ts';
import { sendSms } from '#server/integrations/sms/twilio-client.ts';
import { bookingContext } from '#server/messages/booking-context.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import {
  businessDetails,
  findBookingWithCustomer,
  isOptedOut,
} from '#server/messages/message-facts.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import { smsTemplates } from '#server/messages/templates/sms-texts.ts';
import { toAustralianMobile } from '#server/integrations/sms/au-mobile.ts';
import { consultantNoticeStale } from './consultant-check';
import { kindOn } from './delivery-kind';
import type { HandlerDeps } from './handler-deps';
import { reminderStillDue } from './reminder-check';

/**
 * Text messages through Twilio: confirmation, reminders, tests, never to a number that said STOP;
 * and the consultants' notices of their own bookings (their work: the STOP list, customers'
 * replies, is not asked; Twilio itself refuses a number that replied STOP to it, and the log
 * says so).
 */
export async function handleSms(delivery: DeliveryRow, deps: HandlerDeps) {
  const to = toAustralianMobile(delivery.recipient);
  if (!to)
    throw new PermanentDeliveryError(`${delivery.recipient} is not an Australian mobile number`);
  const toConsultant = isKindOf(delivery.kind, 'sms') && forConsultant(delivery.kind);
  if (!toConsultant && (await isOptedOut(deps.db, to)))
    return { skipped: 'The number replied STOP' } satisfies Skipped;
  const body = await compose(delivery, deps);
  if (typeof body !== 'string') return body;
  const settings = await readProviderSettings(deps.db, deps.secrets);
  const accountSid = settings.twilio_account_sid;
  const authToken = settings.twilio_auth_token;
  const from = settings.twilio_from_number;
  const target =
    accountSid && authToken && from
      ? { baseUrl: deps.endpoints.twilioApiBaseUrl, accountSid, authToken, from }
      : undefined;
  return sendSms(
    target,
    {
      to,
      body,
      idempotencyKey: delivery.id,
      // receipts need an address Twilio can reach: only with PUBLIC_URL
      statusCallbackUrl: deps.appUrl.startsWith('https://')
        ? `${deps.appUrl}/api/twilio/status`
        : undefined,
    },
    deps.log,
  );
}

const forConsultant = (kind: MessageKind) => messageKinds[kind].audience === 'consultant';

async function compose(delivery: DeliveryRow, deps: HandlerDeps): Promise<string | Skipped> {
  const kind = kindOn(delivery, 'sms', 'text message');
  const template = smsTemplates[kind];
  if (template.about === 'business') {
    const { business } = await businessDetails(deps.db);
    return template.write(business);
  }
  const facts = delivery.bookingId && (await findBookingWithCustomer(deps.db, delivery.bookingId));
  if (!facts) return { skipped: 'The booking no longer exists' };
  const ctx = await bookingContext(deps.db, facts, deps.appUrl, !forConsultant(kind));
  if (!ctx) return { skipped: 'The booking has no customer' };
  if (forConsultant(kind)) {
    const stale = consultantNoticeStale(delivery, facts.booking);
    if (stale) return stale;
  } else if (template.reminder) {
    const stale = reminderStillDue(delivery, facts.booking, deps.now());
    if (stale) return stale;
  } else if (facts.booking.status === 'cancelled') {
    return { skipped: 'The booking was cancelled' };
  }
  return template.write(ctx, delivery);
}
