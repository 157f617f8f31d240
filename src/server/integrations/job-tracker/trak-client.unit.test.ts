import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';
import { recordingLog } from '#tests/helpers/protocol-servers/recording-log.ts';
import {
  startTrakReceiver,
  type TrakReceiver,
} from '#tests/helpers/protocol-servers/trak-receiver.ts';
import { createTrakJob, updateTrakJob, type TrakJob } from './trak-client';

const apiKey = 'trak-api-key-0123456789';
let bookings = 0;
const job = (): TrakJob => ({
  externalId: `booking-${++bookings}`,
  customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+61412345678' },
  appointment: {
    start: '2026-03-02T22:00:00.000Z',
    end: '2026-03-03T00:00:00.000Z',
    type: 'installation',
  },
  address: '1 Collins St, Melbourne VIC 3000',
  notes: '6 panes, ground floor',
  estimateCents: 123_450,
});
let keys = 0;
const options = (extra: { timeoutMs?: number } = {}) => ({
  idempotencyKey: `message-${++keys}`,
  now: new Date(),
  ...extra,
});
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('job tracker client', () => {
  let receiver: TrakReceiver;
  const target = () => ({ baseUrl: receiver.baseUrl, apiKey });
  beforeAll(async () => {
    receiver = await startTrakReceiver({ apiKey });
  });
  beforeEach(() => receiver.clearAnswers());
  afterAll(() => receiver.close());

  it('creates the booking’s job and answers its id; the log holds no customer detail or key', async () => {
    const log = recordingLog();
    const created = await createTrakJob(target(), job(), options(), log);
    expect(created).toEqual({
      provider: 'trak',
      providerMessageId: expect.stringMatching(/^job_/),
    });
    const stored = receiver.jobs.get(created.providerMessageId ?? '');
    expect(stored?.created).toEqual({ ...job(), externalId: stored?.externalId });
    for (const privateText of [apiKey, 'Ada', 'ada@example.com', '412345678', 'Collins']) {
      expect(log.text()).not.toContain(privateText);
    }
    expect(log.entries[0]?.details).toMatchObject({
      externalId: stored?.externalId,
      jobId: stored?.id,
    });
  });

  it('answers a retry with the same key with the same job', async () => {
    const opts = options();
    const theJob = job();
    const first = await createTrakJob(target(), theJob, opts, recordingLog());
    const again = await createTrakJob(
      target(),
      theJob,
      { ...opts, now: new Date() },
      recordingLog(),
    );
    expect(again.providerMessageId).toBe(first.providerMessageId);
    expect(
      [...receiver.jobs.values()].filter((j) => j.externalId === theJob.externalId),
    ).toHaveLength(1);
  });

  it('reschedules and cancels the job', async () => {
    const { providerMessageId: id = '' } = await createTrakJob(
      target(),
      job(),
      options(),
      recordingLog(),
    );
    const appointment = {
      start: '2026-03-09T22:00:00.000Z',
      end: '2026-03-10T00:00:00.000Z',
      type: 'installation',
    };
    await expect(
      updateTrakJob(target(), id, { appointment }, options(), recordingLog()),
    ).resolves.toEqual({
      provider: 'trak',
      providerMessageId: id,
    });
    expect(receiver.jobs.get(id)?.appointment).toEqual(appointment);
    await updateTrakJob(target(), id, { status: 'cancelled' }, options(), recordingLog());
    expect(receiver.jobs.get(id)?.status).toBe('cancelled');
    expect(
      receiver.log.filter((entry) => entry.path === `/jobs/${id}`).map((entry) => entry.method),
    ).toEqual(['PATCH', 'PATCH']);
  });

  it('keeps the base path whatever its trailing slash', async () => {
    const created = await createTrakJob(
      { ...target(), baseUrl: `${receiver.baseUrl}/` },
      job(),
      options(),
      recordingLog(),
    );
    expect(created.providerMessageId).toMatch(/^job_/);
  });

  it('fails for good on a wrong key, an unknown job, a redirect or an answer without an id', async () => {
    const wrongKey = await failureOf(
      createTrakJob(
        { ...target(), apiKey: 'another-key-0123456789' },
        job(),
        options(),
        recordingLog(),
      ),
    );
    expect(wrongKey).toBeInstanceOf(PermanentDeliveryError);
    expect((wrongKey as Error).message).toBe('Job tracker refused the request: HTTP 401');
    const unknown = await failureOf(
      updateTrakJob(target(), 'job_404', { status: 'cancelled' }, options(), recordingLog()),
    );
    expect((unknown as Error).message).toBe('Job tracker refused the request: HTTP 404');
    receiver.answer(
      { status: 307, headers: { location: 'https://elsewhere.example.com/jobs' } },
      1,
    );
    const moved = await failureOf(createTrakJob(target(), job(), options(), recordingLog()));
    expect((moved as Error).message).toMatch(/HTTP 307 \(a redirect, not followed\)/);
    receiver.answer({ status: 201, body: '{"ok":true}' }, 1);
    const noId = await failureOf(createTrakJob(target(), job(), options(), recordingLog()));
    expect(noId).toBeInstanceOf(PermanentDeliveryError);
    expect((noId as Error).message).toBe('Job tracker answered HTTP 201 without a job id');
  });

  it('retries 5xx, 429, time-outs and refused connections', async () => {
    receiver.answer({ status: 500 }, 1);
    expect(
      await failureOf(createTrakJob(target(), job(), options(), recordingLog())),
    ).toBeInstanceOf(TransientDeliveryError);
    receiver.answer({ status: 429, headers: { 'retry-after': '12' } }, 1);
    const limited = await failureOf(createTrakJob(target(), job(), options(), recordingLog()));
    expect((limited as TransientDeliveryError).retryAfterSeconds).toBe(12);
    receiver.answer({ delayMs: 300 }, 1);
    const slow = await failureOf(
      createTrakJob(target(), job(), options({ timeoutMs: 50 }), recordingLog()),
    );
    expect((slow as Error).message).toBe('Job tracker did not answer within 0.05 s');
    await receiver.stop();
    try {
      const down = await failureOf(createTrakJob(target(), job(), options(), recordingLog()));
      expect(down).toBeInstanceOf(TransientDeliveryError);
    } finally {
      await receiver.restart();
    }
    expect(
      (await createTrakJob(target(), job(), options(), recordingLog())).providerMessageId,
    ).toMatch(/^job_/);
  });

  it('fails for good on a key fetch cannot send, without quoting it', async () => {
    for (const badKey of ['trak-key-with\nline-break', 'trak-key-with-€-sign-0123']) {
      const failure = await failureOf(
        createTrakJob({ ...target(), apiKey: badKey }, job(), options(), recordingLog()),
      );
      expect(failure).toBeInstanceOf(PermanentDeliveryError);
      expect((failure as Error).message).toBe(
        'Job tracker request could not be made: check its key or secret setting and its address',
      );
    }
  });

  it('refuses plain http to another host', async () => {
    const failure = await failureOf(
      createTrakJob(
        { baseUrl: 'http://trak.example.com/api', apiKey },
        job(),
        options(),
        recordingLog(),
      ),
    );
    expect(failure).toBeInstanceOf(PermanentDeliveryError);
    expect((failure as Error).message).toMatch(/^Job tracker address refused/);
  });

  it('only logs when the integration is not configured (local mode)', async () => {
    const log = recordingLog();
    await expect(createTrakJob(undefined, job(), options(), log)).resolves.toEqual({
      provider: 'log',
      local: true,
    });
    await expect(
      updateTrakJob(undefined, 'job_1', { status: 'cancelled' }, options(), log),
    ).resolves.toEqual({
      provider: 'log',
      local: true,
    });
    expect(log.entries.map((entry) => entry.message)).toEqual([
      expect.stringMatching(/local mode/),
      expect.stringMatching(/local mode/),
    ]);
    expect(log.text()).not.toContain('Ada');
  });
});
