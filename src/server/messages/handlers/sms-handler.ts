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
import {
  bookingConfirmedSms,
  bookingReminderSms,
  optOutText,
} from '#server/messages/templates/sms-texts.ts';
import { toAustralianMobile } from '#server/integrations/sms/au-mobile.ts';
import type { HandlerDeps } from './handler-deps';
import { reminderStillDue } from './reminder-check';

/** Text messages through Twilio: confirmation, reminders, tests; never to a number that said STOP. */
export async function handleSms(delivery: DeliveryRow, deps: HandlerDeps) {
  const to = toAustralianMobile(delivery.recipient);
  if (!to)
    throw new PermanentDeliveryError(`${delivery.recipient} is not an Australian mobile number`);
  if (await isOptedOut(deps.db, to))
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

async function compose(delivery: DeliveryRow, deps: HandlerDeps): Promise<string | Skipped> {
  if (delivery.kind === 'test') {
    const { business } = await businessDetails(deps.db);
    return `Test text from ${business.name || 'your booking site'}: text messages reach you. ${optOutText}`;
  }
  const facts = delivery.bookingId && (await findBookingWithCustomer(deps.db, delivery.bookingId));
  if (!facts) return { skipped: 'The booking no longer exists' };
  const ctx = await bookingContext(deps.db, facts, deps.appUrl, true);
  if (!ctx) return { skipped: 'The booking has no customer' };
  if (delivery.kind === 'booking_confirmed') {
    if (facts.booking.status === 'cancelled') return { skipped: 'The booking was cancelled' };
    return bookingConfirmedSms(ctx);
  }
  if (delivery.kind === 'reminder_24h' || delivery.kind === 'reminder_2h') {
    const stale = reminderStillDue(delivery, facts.booking, deps.now());
    if (stale) return stale;
    return bookingReminderSms(ctx, delivery.kind === 'reminder_24h' ? '24h' : '2h');
  }
  throw new PermanentDeliveryError(`No text message is written for "${delivery.kind}"`);
}
