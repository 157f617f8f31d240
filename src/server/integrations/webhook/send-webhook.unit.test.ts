import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';
import { waitUntil } from '#tests/helpers/protocol-servers/http-receiver.ts';
import { recordingLog } from '#tests/helpers/protocol-servers/recording-log.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '#tests/helpers/protocol-servers/webhook-receiver.ts';
import { sendWebhook, type WebhookPayload } from './send-webhook';

const secret = 'whsec_test_0123456789abcdef';
const lead = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '0412 345 678' };
const payload: WebhookPayload = {
  event: 'form_completion',
  timestamp: '2026-03-02T01:00:00.000Z',
  lead,
};
let keys = 0;
const options = (extra: { timeoutMs?: number } = {}) => ({
  idempotencyKey: `delivery-${++keys}`,
  now: new Date(),
  ...extra,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('sendWebhook', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secret });
  });
  beforeEach(() => receiver.clearAnswers());
  afterAll(() => receiver.close());

  it('POSTs the signed JSON with its delivery key; the log holds neither secret nor lead', async () => {
    const log = recordingLog();
    const opts = options();
    const before = receiver.received.length;
    await expect(sendWebhook({ url: receiver.url, secret }, payload, opts, log)).resolves.toEqual({
      provider: 'webhook',
    });
    const delivery = receiver.received[before];
    expect(delivery?.key).toBe(opts.idempotencyKey);
    expect(delivery?.body).toEqual(payload);
    expect(delivery?.signedAt).toBe(Math.floor(opts.now.getTime() / 1000));
    expect(log.text()).toContain(opts.idempotencyKey);
    for (const privateText of [secret, 'Ada', 'ada@example.com', '0412']) {
      expect(log.text()).not.toContain(privateText);
    }
  });

  it('does not follow a redirect, and says so', async () => {
    receiver.answer({ status: 301, headers: { location: `${receiver.origin}/elsewhere` } }, 1);
    const requests = receiver.requestCount;
    const failure = await failureOf(
      sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog()),
    );
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toMatch(/HTTP 301 \(a redirect, not followed\)/);
    expect(receiver.requestCount).toBe(requests + 1);
  });

  it.each([
    [400, PermanentDeliveryError],
    [401, PermanentDeliveryError],
    [404, PermanentDeliveryError],
    [500, TransientDeliveryError],
    [502, TransientDeliveryError],
    [503, TransientDeliveryError],
  ])('sorts HTTP %i as %o', async (status, kind) => {
    receiver.answer({ status }, 1);
    const failure = await failureOf(
      sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog()),
    );
    expect(failure).toBeInstanceOf(kind);
    expect((failure as Error).message).toContain(`HTTP ${status}`);
  });

  it('retries a 429 after its Retry-After, in seconds or as a date', async () => {
    receiver.answer({ status: 429, headers: { 'retry-after': '30' } }, 1);
    const seconds = await failureOf(
      sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog()),
    );
    expect(seconds).toBeInstanceOf(TransientDeliveryError);
    expect((seconds as TransientDeliveryError).retryAfterSeconds).toBe(30);

    const date = new Date(Math.ceil(Date.now() / 1000) * 1000 + 120_000);
    receiver.answer({ status: 429, headers: { 'retry-after': date.toUTCString() } }, 1);
    const dated = await failureOf(
      sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog()),
    );
    expect((dated as TransientDeliveryError).retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect((dated as TransientDeliveryError).retryAfterSeconds).toBeLessThanOrEqual(121);
  });

  it('retries when the receiver refuses connections, and delivers once it is back on its port', async () => {
    await receiver.stop();
    const failure = await failureOf(
      sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog()),
    );
    expect(failure).toBeInstanceOf(TransientDeliveryError);
    // refused, or a kept-alive connection found closed: both mean "not there now"
    expect((failure as Error).message).toMatch(/unreachable \((ECONNREFUSED|UND_ERR_SOCKET)\)/);
    await receiver.restart();
    await expect(
      sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog()),
    ).resolves.toEqual({ provider: 'webhook' });
  });

  it('retries a receiver slower than the time-out; the repeat carries the same key', async () => {
    receiver.answer({ delayMs: 600 }, 1);
    const opts = options({ timeoutMs: 200 });
    const failure = await failureOf(
      sendWebhook({ url: receiver.url, secret }, payload, opts, recordingLog()),
    );
    expect(failure).toBeInstanceOf(TransientDeliveryError);
    expect((failure as Error).message).toMatch(/did not answer within 0.2 s/);
    // the slow receiver took the first attempt after all: the retry is recognised as a repeat
    await waitUntil(
      () => receiver.received.find((d) => d.key === opts.idempotencyKey),
      2000,
      () => 'the slow receiver to take the first attempt',
    );
    const duplicates = receiver.duplicates();
    await sendWebhook(
      { url: receiver.url, secret },
      payload,
      { ...opts, now: new Date() },
      recordingLog(),
    );
    expect(receiver.received.filter((d) => d.key === opts.idempotencyKey)).toHaveLength(2);
    expect(receiver.duplicates()).toBe(duplicates + 1);
  });

  it('refuses to send unsigned', async () => {
    const failure = await failureOf(
      sendWebhook({ url: receiver.url, secret: undefined }, payload, options(), recordingLog()),
    );
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toBe('No webhook secret is configured');
  });

  it('only logs without an address (local mode)', async () => {
    const log = recordingLog();
    const requests = receiver.requestCount;
    await expect(sendWebhook(undefined, payload, options(), log)).resolves.toEqual({
      provider: 'log',
      local: true,
    });
    expect(log.entries[0]?.message).toMatch(/no webhook address is configured/);
    expect(log.text()).not.toContain('Ada');
    expect(receiver.requestCount).toBe(requests);
  });
});

describe('sendWebhook address policy', () => {
  it.each(['localhost', '127.0.0.1'])('sends plain http to %s', async (host) => {
    const receiver = await startWebhookReceiver({ secret });
    try {
      const url = receiver.url.replace('127.0.0.1', host);
      await sendWebhook({ url, secret }, payload, options(), recordingLog());
      expect(receiver.deliveries()).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends plain http to [::1]', async () => {
    const receiver = await startWebhookReceiver({ secret, host: '::1' });
    try {
      expect(receiver.url).toMatch(/^http:\/\/\[::1\]:\d+\/hook$/);
      await sendWebhook({ url: receiver.url, secret }, payload, options(), recordingLog());
      expect(receiver.deliveries()).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it.each([
    'http://example.com/hook',
    'http://10.1.2.3/hook',
    'ftp://example.com/hook',
    'not a url',
  ])('refuses %s before sending anything', async (url) => {
    const failure = await failureOf(
      sendWebhook({ url, secret }, payload, options(), recordingLog()),
    );
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toMatch(/Webhook address refused: it must be https:\/\//);
  });
});
