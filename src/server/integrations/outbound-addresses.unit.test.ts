import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from '#server/integrations/delivery.ts';
import {
  startHttpReceiver,
  type HttpReceiver,
} from '#tests/helpers/protocol-servers/http-receiver.ts';
import { recordingLog } from '#tests/helpers/protocol-servers/recording-log.ts';
import {
  startSmtpReceiver,
  type SmtpReceiver,
} from '#tests/helpers/protocol-servers/smtp-receiver.ts';
import {
  startTrakReceiver,
  type TrakReceiver,
} from '#tests/helpers/protocol-servers/trak-receiver.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '#tests/helpers/protocol-servers/webhook-receiver.ts';
import { closeMailers, sendEmail } from './email/send-email';
import { sendGa4Events } from './ga4/send-ga4-events';
import { createTrakJob, type TrakJob } from './job-tracker/trak-client';
import { checkedAddresses, isInternalAddress, type Resolve } from './outbound-address';
import { withPath } from './outbound-url';
import { sendWebhook } from './webhook/send-webhook';

// Issue 26 items 21 and 22: an outbound request goes to the host configured, never to another one
// a path can name, and never to an internal address a name resolves to.

const apiKey = 'trak-api-key-0123456789';
const secret = 'whsec_test_0123456789abcdef';
const job: TrakJob = {
  externalId: 'booking-1',
  customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+61412345678' },
  appointment: { start: '2026-03-02T22:00:00Z', end: '2026-03-03T00:00:00Z', type: 'installation' },
  address: '1 Collins St, Melbourne VIC 3000',
};
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

/** A DNS stand-in: the names these tests use resolve where an attacker would point them. */
const names: Record<string, string[]> = {
  'hooks.example.com': ['127.0.0.1'],
  '169.254.169.254.nip.io': ['169.254.169.254'],
  'metadata.google.internal': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'v6.example.com': ['::ffff:127.0.0.1'],
  'mail.example.com': ['192.168.1.20'],
  localhost: ['127.0.0.1'],
  'loop.example.com': ['127.0.0.1'],
};
const lookups: string[] = [];
const resolve: Resolve = async (hostname) => {
  lookups.push(hostname);
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error(`no such name ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('addresses an outbound request may reach', () => {
  it('counts loopback, private, link-local, mapped and reserved addresses as internal', () => {
    for (const address of [
      '127.0.0.1',
      '0.0.0.0',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('allows loopback only for a loopback name (the local receiver exception), and nothing else internal', async () => {
    await expect(checkedAddresses('localhost', 'Test', resolve)).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
    ]);
    await expect(checkedAddresses('[::1]', 'Test', resolve)).resolves.toHaveLength(1);
    await expect(checkedAddresses('127.0.0.2', 'Test', resolve)).resolves.toHaveLength(1);
    for (const host of [
      'hooks.example.com',
      '169.254.169.254.nip.io',
      'metadata.google.internal',
      'mixed.example.com',
      'v6.example.com',
      '169.254.169.254',
      '10.0.0.1',
      '[::ffff:7f00:1]',
    ]) {
      const failure = await failureOf(checkedAddresses(host, 'Test address', resolve));
      expect(failure, host).toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toBe('Test address refused: internal address');
    }
  });
});

describe('outbound URLs keep their host', () => {
  it('adds a path to a base whose path looks like another host, and the host stays', () => {
    for (const [base, host] of [
      ['http://127.0.0.1:4262//0.0.0.0:4263/api', '127.0.0.1:4262'],
      ['https://trak.example.com//169.254.169.254/latest', 'trak.example.com'],
      ['https://trak.example.com/\\169.254.169.254/latest', 'trak.example.com'],
    ] as const) {
      const url = withPath(new URL(base), '/jobs', 'Job tracker');
      expect(url.host).toBe(host);
      expect(url.pathname).toMatch(/\/jobs$/);
    }
  });

  describe('the job tracker', () => {
    let trak: TrakReceiver;
    let elsewhere: HttpReceiver;
    beforeAll(async () => {
      trak = await startTrakReceiver({ apiKey });
      elsewhere = await startHttpReceiver(() => ({ status: 201, body: '{"id":"stolen"}' }));
    });
    afterAll(async () => {
      await trak.close();
      await elsewhere.close();
    });

    it('never sends the key and the customer to a host named in the base path', async () => {
      for (const baseUrl of [
        `${trak.baseUrl.replace('/api', '')}//127.0.0.1:${elsewhere.port}/api`,
        `${trak.baseUrl.replace('/api', '')}/\\127.0.0.1:${elsewhere.port}/api`,
      ]) {
        const opts = { idempotencyKey: `k-${baseUrl}`, now: new Date() };
        const failure = await failureOf(
          createTrakJob({ baseUrl, apiKey }, job, opts, recordingLog()),
        );
        expect(failure, baseUrl).toBeUndefined();
      }
      // the configured host got both jobs; the host named in the path heard nothing
      expect(trak.requestCount).toBe(2);
      expect(elsewhere.requestCount).toBe(0);
    });
  });
});

describe('the resolved address is checked when sending', () => {
  let webhook: WebhookReceiver;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    webhook = await startWebhookReceiver({ secret });
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    closeMailers();
    await webhook.close();
    await smtp.stop();
  });

  it('refuses a webhook on a name that resolves inside, and resolves each send once', async () => {
    for (const host of [
      'hooks.example.com',
      '169.254.169.254.nip.io',
      'metadata.google.internal',
    ]) {
      lookups.length = 0;
      const url = `https://${host}:${webhook.port}/hook`;
      const opts = { idempotencyKey: `d-${host}`, now: new Date(), resolve };
      const failure = await failureOf(
        sendWebhook(
          { url, secret },
          { event: 'test', timestamp: '', lead: {} },
          opts,
          recordingLog(),
        ),
      );
      expect(failure, host).toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toBe('Webhook receiver address refused: internal address');
      // the address connected to is the one checked: no second lookup a rebinding could answer
      expect(lookups).toEqual([host]);
    }
    expect(webhook.requestCount).toBe(0);
    // the documented exception: plain http to localhost still reaches a local receiver
    const local = `http://localhost:${webhook.port}/hook`;
    const opts = { idempotencyKey: 'd-local', now: new Date(), resolve };
    await expect(
      sendWebhook(
        { url: local, secret },
        { event: 'test', timestamp: '', lead: {} },
        opts,
        recordingLog(),
      ),
    ).resolves.toEqual({ provider: 'webhook' });
  });

  it('refuses a GA4 endpoint and a job tracker that resolve inside', async () => {
    const ga4 = await failureOf(
      sendGa4Events(
        {
          endpoint: `https://loop.example.com:${webhook.port}/mp/collect`,
          measurementId: 'G-1',
          apiSecret: 's',
        },
        { client_id: '1.2', events: [{ name: 'generate_lead', params: {} }] },
        recordingLog(),
        { resolve },
      ),
    );
    expect((ga4 as Error).message).toBe('GA4 address refused: internal address');
    const trak = await failureOf(
      createTrakJob(
        { baseUrl: `https://169.254.169.254.nip.io:${webhook.port}/api`, apiKey },
        job,
        { idempotencyKey: 'k-internal', now: new Date(), resolve },
        recordingLog(),
      ),
    );
    expect((trak as Error).message).toBe('Job tracker address refused: internal address');
    expect(webhook.requestCount).toBe(1);
  });

  it('refuses a mail server at an internal address, by number or by name', async () => {
    const message = {
      to: 'alex@example.com',
      from: 'bookings@tint.example',
      subject: 'Hello',
      text: 'Hi',
      html: '<p>Hi</p>',
      messageId: '<d-1@tintbook.local>',
    };
    for (const host of ['169.254.169.254', 'mail.example.com', '10.0.0.1']) {
      const target = {
        connection: { host, port: smtp.port, secure: false },
        from: 'bookings@tint.example',
      };
      const failure = await failureOf(sendEmail(target, message, recordingLog(), resolve));
      expect(failure, host).toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toBe('Mail server address refused: internal address');
    }
    expect(smtp.messages).toHaveLength(0);
    // the local mail server of the tests and of a developer's machine
    const local = {
      connection: { host: 'localhost', port: smtp.port, secure: false },
      from: 'bookings@tint.example',
    };
    await expect(sendEmail(local, message, recordingLog(), resolve)).resolves.toMatchObject({
      provider: 'smtp',
    });
  });
});
