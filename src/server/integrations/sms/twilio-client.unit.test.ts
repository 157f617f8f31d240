import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';
import { recordingLog } from '#tests/helpers/protocol-servers/recording-log.ts';
import {
  startTwilioReceiver,
  type TwilioReceiver,
} from '#tests/helpers/protocol-servers/twilio-receiver.ts';
import { sendSms, twilioTimeoutMs, type Sms, type TwilioTarget } from './twilio-client';

const sms = (overrides: Partial<Sms> = {}): Sms => ({
  to: '+61412345678',
  body: 'Tint Co: your phone consultation is booked for Tue 24 Nov, 10:30 am. Reply STOP to opt out.',
  idempotencyKey: 'delivery-1',
  ...overrides,
});

describe('sendSms to a server speaking Twilio', () => {
  let twilio: TwilioReceiver;
  let target: TwilioTarget;

  beforeAll(async () => {
    twilio = await startTwilioReceiver();
    target = {
      baseUrl: twilio.baseUrl,
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+61400000000',
    };
  });
  afterEach(async () => {
    twilio.clearAnswers();
    twilio.messages.length = 0;
    twilio.refused.length = 0;
    await twilio.restart();
  });
  afterAll(() => twilio.close());

  it('posts the form with basic auth and answers with the message SID', async () => {
    const delivered = await sendSms(
      target,
      sms({ statusCallbackUrl: 'https://tint.example/api/webhooks/twilio/status' }),
      recordingLog(),
    );
    const [message] = await twilio.waitFor(1);
    expect(twilio.refused).toEqual([]);
    expect(message).toMatchObject({
      to: '+61412345678',
      from: '+61400000000',
      body: sms().body,
      statusCallback: 'https://tint.example/api/webhooks/twilio/status',
      idempotencyKey: 'delivery-1',
    });
    expect(delivered).toEqual({ provider: 'twilio', providerMessageId: message!.sid });
    expect(message!.sid).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('sends a retried request once: the idempotency token is the same', async () => {
    const first = await sendSms(target, sms({ idempotencyKey: 'delivery-2' }), recordingLog());
    const again = await sendSms(target, sms({ idempotencyKey: 'delivery-2' }), recordingLog());
    expect(again.providerMessageId).toBe(first.providerMessageId);
    expect(twilio.messages).toHaveLength(1);
    expect(twilio.duplicatesAbsorbed()).toBe(1);
  });

  it('is refused with the wrong auth token, permanently', async () => {
    const sending = sendSms({ ...target, authToken: 'wrong' }, sms(), recordingLog());
    await expect(sending).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sending).rejects.toThrow('Twilio 401 (20003)');
  });

  it('treats an invalid number (400, 21211) as permanent, with Twilio’s message and code', async () => {
    twilio.answerWith(400);
    const sending = sendSms(target, sms(), recordingLog());
    await expect(sending).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sending).rejects.toThrow(
      "Twilio 400 (21211): The 'To' number is not a valid phone number.",
    );
  });

  it('treats an unsubscribed recipient (21610) as permanent', async () => {
    twilio.answerWith(400, { code: 21610 });
    await expect(sendSms(target, sms(), recordingLog())).rejects.toThrow(/21610/);
  });

  it('treats 429 as transient and passes on Retry-After', async () => {
    twilio.answerWith(429, { times: 1, retryAfterSeconds: 30 });
    const attempt = () => sendSms(target, sms({ idempotencyKey: 'delivery-429' }), recordingLog());
    const error = await attempt().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientDeliveryError);
    expect((error as TransientDeliveryError).retryAfterSeconds).toBe(30);
    // the retry goes through: Twilio keeps no record of a request it refused
    await attempt();
    expect(twilio.messages).toHaveLength(1);
  });

  it('treats 500 as transient, without a Retry-After', async () => {
    twilio.answerWith(500, { times: 1 });
    const error = await sendSms(target, sms(), recordingLog()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientDeliveryError);
    expect((error as TransientDeliveryError).retryAfterSeconds).toBeUndefined();
  });

  it('treats a refused connection as transient', async () => {
    await twilio.stop();
    await expect(sendSms(target, sms(), recordingLog())).rejects.toBeInstanceOf(
      TransientDeliveryError,
    );
  });

  it('treats no answer in time as transient (10 s by default, shortened here)', async () => {
    expect(twilioTimeoutMs).toBe(10_000);
    twilio.answer({ delayMs: 2_000 }, 1);
    const started = performance.now();
    await expect(sendSms(target, sms(), recordingLog(), { timeoutMs: 200 })).rejects.toBeInstanceOf(
      TransientDeliveryError,
    );
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('does not follow a redirect', async () => {
    twilio.answer({ status: 307, headers: { location: 'https://elsewhere.example/' } }, 1);
    await expect(sendSms(target, sms(), recordingLog())).rejects.toBeInstanceOf(
      PermanentDeliveryError,
    );
    expect(twilio.requestCount).toBeGreaterThan(0);
  });
});

describe('sendSms in local mode', () => {
  it('logs the number and the length, never the text', async () => {
    const log = recordingLog();
    const body = 'Manage: https://tint.example/reschedule?token=very-secret-token';
    expect(await sendSms(undefined, sms({ body }), log)).toEqual({ provider: 'log', local: true });
    expect(log.entries).toEqual([
      {
        level: 'info',
        details: { to: '+61412345678', length: body.length },
        message: 'text message (local mode, not sent)',
      },
    ]);
  });
});
