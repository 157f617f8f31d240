import { randomBytes } from 'node:crypto';
import type { Env } from '#server/config.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { isSecretSetting, settingEntry } from '#shared/settings/settings-registry.ts';
import { startMessageWorker } from '#server/messages/start-worker.ts';
import { createBookingTestApp, monday9, type BookingTestApp } from './booking-flows';
import { startGa4Receiver, type Ga4Receiver } from './protocol-servers/ga4-receiver';
import { startSmtpReceiver, type SmtpReceiver } from './protocol-servers/smtp-receiver';
import { startTrakReceiver, type TrakReceiver } from './protocol-servers/trak-receiver';
import { startTwilioReceiver, type TwilioReceiver } from './protocol-servers/twilio-receiver';
import { startWebhookReceiver, type WebhookReceiver } from './protocol-servers/webhook-receiver';

// An app whose outbound messages reach local servers speaking each provider's protocol (SMTP,
// Twilio's REST API, the signed webhook, GA4's collect endpoint, the job tracker), with the
// worker running and retrying fast.

export interface Receivers {
  smtp: SmtpReceiver;
  twilio: TwilioReceiver;
  webhook: WebhookReceiver;
  ga4: Ga4Receiver;
  trak: TrakReceiver;
}

export interface MessagingTestApp extends BookingTestApp {
  receivers: Receivers;
  /** Starts (again) the worker: tests may stop it to let jobs pile up. */
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
}

export const messagingSecrets = {
  webhook: randomBytes(24).toString('hex'),
  ga4: { measurementId: 'G-TEST12345', apiSecret: randomBytes(12).toString('hex') },
  trakKey: randomBytes(20).toString('hex'),
};

export async function startReceivers(): Promise<Receivers> {
  const [smtp, twilio, webhook, ga4, trak] = await Promise.all([
    startSmtpReceiver(),
    startTwilioReceiver(),
    // the app signs by its own clock, which tests freeze on another day
    startWebhookReceiver({ secret: messagingSecrets.webhook, toleranceSeconds: 10 * 365 * 86_400 }),
    startGa4Receiver(messagingSecrets.ga4),
    startTrakReceiver({ apiKey: messagingSecrets.trakKey }),
  ]);
  return { smtp, twilio, webhook, ga4, trak };
}

export async function closeReceivers(r: Receivers) {
  await Promise.all([
    r.smtp.stop(),
    r.twilio.close(),
    r.webhook.close(),
    r.ga4.close(),
    r.trak.close(),
  ]);
}

/** Provider settings pointing at the receivers (secrets sealed as the admin screens do). */
export async function configureProviders(app: BookingTestApp['app'], r: Receivers) {
  const values: Record<string, unknown> = {
    twilio_account_sid: r.twilio.accountSid,
    twilio_auth_token: r.twilio.authToken,
    twilio_from_number: '+61400000000',
    form_webhook_enabled: true,
    form_webhook_url: r.webhook.url,
    form_webhook_secret: messagingSecrets.webhook,
    trak_enabled: true,
    trak_base_url: r.trak.baseUrl,
    trak_api_key: messagingSecrets.trakKey,
    ga4_measurement_id: messagingSecrets.ga4.measurementId,
    ga4_api_secret: messagingSecrets.ga4.apiSecret,
  };
  const writes = Object.entries(values).map(([key, value]) => ({
    key,
    value,
    category: settingEntry(key)?.screen ?? 'integrations',
    isSecret: isSecretSetting(key),
  }));
  await saveSettings(app.database.db, writes, app.settingSecrets);
}

export const fastQueue: Env = {
  QUEUE_POLL_SECONDS: '0.5',
  MESSAGE_RETRY_DELAY_SECONDS: '1',
  MESSAGE_RETRY_LIMIT: '30',
};

export async function createMessagingTestApp(
  env: Env = {},
  now: Date = monday9,
  receivers?: Receivers,
  /** Name resolution for the worker's outbound address check (names resolving inside). */
  resolve?: Resolve,
): Promise<MessagingTestApp> {
  const r = receivers ?? (await startReceivers());
  const t = await createBookingTestApp(
    {
      ...fastQueue,
      SMTP_URL: r.smtp.url,
      TWILIO_API_BASE_URL: r.twilio.baseUrl,
      GA4_MP_ENDPOINT: r.ga4.endpoint,
      PUBLIC_URL: 'http://localhost:3999',
      ...env,
    },
    now,
  );
  await configureProviders(t.app, r);
  let worker: { stop(): Promise<void> } | undefined;
  const startWorker = async () => {
    worker ??= await startMessageWorker({
      config: t.app.config,
      database: t.database,
      secrets: t.app.settingSecrets,
      log: t.app.log,
      now: () => t.clock.now,
      appUrl: t.app.config.publicUrl ?? 'http://localhost:3999',
      resolve,
    });
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = undefined;
  };
  await startWorker();
  return {
    ...t,
    receivers: r,
    startWorker,
    stopWorker,
    async close() {
      await stopWorker();
      await t.close();
      if (!receivers) await closeReceivers(r);
    },
  };
}
