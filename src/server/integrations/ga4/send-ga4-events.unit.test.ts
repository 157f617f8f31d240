import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';
import {
  startGa4Receiver,
  type Ga4Receiver,
} from '#tests/helpers/protocol-servers/ga4-receiver.ts';
import { recordingLog } from '#tests/helpers/protocol-servers/recording-log.ts';
import { hashedUserData } from './hashed-user-data';
import { leadEvent, type LeadEventName } from './lead-events';
import { sendGa4Events, type Ga4Body } from './send-ga4-events';

const measurementId = 'G-TEST123456';
const apiSecret = 'ga4-api-secret-0123456789';
const customer = { email: 'Ada.Lovelace@gmail.com', phone: '0412 345 678' };
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

const leadLife: LeadEventName[] = [
  'generate_lead',
  'working_lead',
  'qualify_lead',
  'close_convert_lead',
  'close_unconvert_lead',
];
const body = (
  events = leadLife.map((name) => leadEvent(name, { currency: 'AUD', value: 1234.5 })),
): Ga4Body => ({
  client_id: '1234567890.1700000000',
  user_id: 'customer-42',
  timestamp_micros: 1_700_000_000_000_000,
  user_data: hashedUserData(customer),
  consent: { ad_user_data: 'GRANTED', ad_personalization: 'DENIED' },
  events,
});

describe('leadEvent', () => {
  it("names GA4's parameters: currency always, value in dollars, the lost reason on a loss only", () => {
    expect(
      leadEvent('generate_lead', { currency: 'AUD', value: 880.456, leadSource: 'google / cpc' }),
    ).toEqual({
      name: 'generate_lead',
      params: { currency: 'AUD', value: 880.46, lead_source: 'google / cpc' },
    });
    expect(
      leadEvent('close_unconvert_lead', { currency: 'AUD', lostReason: 'Too expensive' }),
    ).toEqual({
      name: 'close_unconvert_lead',
      params: { currency: 'AUD', unconvert_lead_reason: 'Too expensive' },
    });
    expect(
      leadEvent('close_convert_lead', { currency: 'AUD', lostReason: 'ignored' }).params,
    ).toEqual({
      currency: 'AUD',
    });
    expect(
      leadEvent('generate_lead', { currency: 'AUD', leadSource: 'x'.repeat(150) }).params
        .lead_source,
    ).toHaveLength(100);
  });
});

describe('sendGa4Events', () => {
  let receiver: Ga4Receiver;
  const target = () => ({ endpoint: receiver.endpoint, measurementId, apiSecret });
  beforeAll(async () => {
    receiver = await startGa4Receiver({ measurementId, apiSecret });
  });
  beforeEach(() => receiver.clearAnswers());
  afterAll(() => receiver.close());

  it('sends the lead events with hashed contact details that pass the validation server', async () => {
    const log = recordingLog();
    const invalidBefore = receiver.invalid.length;
    await expect(sendGa4Events(target(), body(), log)).resolves.toEqual({ provider: 'ga4' });
    expect(receiver.invalid).toHaveLength(invalidBefore);
    const hit = receiver.hits.at(-1);
    expect(hit?.events.map((event) => event.name)).toEqual(leadLife);
    expect(hit?.user_data?.sha256_email_address?.[0]).toMatch(/^[0-9a-f]{64}$/);
    // no clear e-mail or phone anywhere in what reached GA4, nor in the log
    const sent = JSON.stringify(hit);
    for (const clear of ['Ada', 'lovelace', '0412', '412345678']) {
      expect(sent.toLowerCase()).not.toContain(clear.toLowerCase());
      expect(log.text().toLowerCase()).not.toContain(clear.toLowerCase());
    }
    expect(log.text()).not.toContain(apiSecret);
    expect(log.entries[0]?.details).toMatchObject({ events: leadLife });
  });

  it('is checked by the receiver as by Google: a clear e-mail in a parameter is refused', async () => {
    const leaky = body([
      { name: 'generate_lead', params: { currency: 'AUD', note: 'ada@example.com' } },
    ]);
    const failure = await failureOf(sendGa4Events(target(), leaky, recordingLog()));
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect(receiver.invalid.at(-1)?.validationMessages).toEqual([
      expect.objectContaining({
        fieldPath: 'events.0.params.note',
        validationCode: 'VALUE_INVALID',
      }),
    ]);
  });

  it('refuses a malformed event itself, since Google would answer 2xx and drop it', async () => {
    const requests = receiver.requestCount;
    for (const name of ['_bad', 'google_thing', 'x'.repeat(41), 'has space']) {
      const failure = await failureOf(
        sendGa4Events(target(), body([{ name, params: {} }]), recordingLog()),
      );
      expect(failure).toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toMatch(
        /^GA4 events refused before sending: invalid event name/,
      );
    }
    expect(receiver.requestCount).toBe(requests);
  });

  it('puts the measurement id and API secret in the query; a wrong secret fails without naming it', async () => {
    const failure = await failureOf(
      sendGa4Events({ ...target(), apiSecret: 'wrong-secret-0123456789' }, body(), recordingLog()),
    );
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toBe('GA4 refused the request: HTTP 403');
    expect(receiver.refused.at(-1)).toBe('wrong measurement_id or api_secret');
  });

  it('retries 5xx, 429 (with Retry-After), time-outs and refused connections', async () => {
    receiver.answer({ status: 503 }, 1);
    expect(await failureOf(sendGa4Events(target(), body(), recordingLog()))).toBeInstanceOf(
      TransientDeliveryError,
    );
    receiver.answer({ status: 429, headers: { 'retry-after': '7' } }, 1);
    const limited = await failureOf(sendGa4Events(target(), body(), recordingLog()));
    expect((limited as TransientDeliveryError).retryAfterSeconds).toBe(7);
    receiver.answer({ delayMs: 300 }, 1);
    const slow = await failureOf(
      sendGa4Events(target(), body(), recordingLog(), { timeoutMs: 50 }),
    );
    expect((slow as Error).message).toBe('GA4 did not answer within 0.05 s');
    await receiver.stop();
    try {
      expect(await failureOf(sendGa4Events(target(), body(), recordingLog()))).toBeInstanceOf(
        TransientDeliveryError,
      );
    } finally {
      await receiver.restart();
    }
  });

  it('refuses an endpoint outside the address rule', async () => {
    const failure = await failureOf(
      sendGa4Events(
        { ...target(), endpoint: 'http://www.google-analytics.com/mp/collect' },
        body(),
        recordingLog(),
      ),
    );
    expect((failure as Error).message).toMatch(/^GA4 endpoint address refused/);
  });

  it('only logs the event names without a measurement id (local mode)', async () => {
    const log = recordingLog();
    await expect(sendGa4Events(undefined, body(), log)).resolves.toEqual({
      provider: 'log',
      local: true,
    });
    expect(log.entries).toEqual([
      {
        level: 'info',
        details: { channel: 'ga4', events: leadLife },
        message: expect.stringMatching(/local mode/),
      },
    ]);
  });
});

describe('the GA4 receiver answers like the validation server', () => {
  it("reports Google's documented example and the limits", async () => {
    const receiver = await startGa4Receiver({ measurementId, apiSecret });
    try {
      const validate = async (payload: object) => {
        const url = `${receiver.debugEndpoint}?measurement_id=${measurementId}&api_secret=${apiSecret}`;
        const response = await fetch(url, { method: 'POST', body: JSON.stringify(payload) });
        return ((await response.json()) as { validationMessages: object[] }).validationMessages;
      };
      expect(
        await validate({ client_id: 'c', events: [{ name: '_badEventName', params: {} }] }),
      ).toEqual([
        expect.objectContaining({
          fieldPath: 'events',
          validationCode: 'NAME_INVALID',
          description: expect.stringMatching(
            /^Event at index: \[0\] has invalid name \[_badEventName\]/,
          ),
        }),
      ]);
      expect(await validate({ client_id: 'c', events: [{ name: 'session_start' }] })).toEqual([
        expect.objectContaining({ validationCode: 'NAME_RESERVED' }),
      ]);
      const many = Array.from({ length: 26 }, () => ({ name: 'generate_lead', params: {} }));
      expect(await validate({ client_id: 'c', events: many })).toEqual([
        expect.objectContaining({ validationCode: 'EXCEEDED_MAX_ENTITIES' }),
      ]);
      expect(
        await validate({
          events: [{ name: 'generate_lead', params: { value: 1 } }],
          user_data: { sha256_email_address: ['ada@example.com'] },
        }),
      ).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ fieldPath: 'client_id', validationCode: 'VALUE_REQUIRED' }),
          expect.objectContaining({
            fieldPath: 'user_data.sha256_email_address',
            validationCode: 'VALUE_INVALID',
          }),
          expect.objectContaining({
            fieldPath: 'events[0].params.currency',
            validationCode: 'VALUE_REQUIRED',
          }),
        ]),
      );
      expect(receiver.hits).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
