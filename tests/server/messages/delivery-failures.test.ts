import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';

// How the worker treats providers that fail: try again (with backoff, or when Retry-After says)
// for what may pass, give up at once on what never will, and say why on the delivery.

describe('delivery failures', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
  });
  afterAll(() => t.close());

  const book = async (time: string) => {
    const { sessionId, leadId } = await readyToBook(t.app);
    const bookingId = (await holdAndBook(t.app, sessionId, at('2026-11-26', time))).booking.id;
    return { bookingId, leadId };
  };

  it('tries a refused e-mail again until the server takes it (451, 451, then 250)', async () => {
    await t.stopWorker();
    t.receivers.smtp.answerWith(451, { stage: 'data', times: 2 });
    const { bookingId, leadId } = await book('08:00');
    await t.startWorker();
    // the lead's and the booking's e-mails, queued while the worker was away
    const rows = await waitForStatus(
      t,
      (m) =>
        (m.bookingId === bookingId || m.leadId === leadId) &&
        m.channel === 'email' &&
        !m.kind.startsWith('reminder'),
      'sent',
    );
    expect(rows.map((row) => row.attempts).reduce((a, b) => a + b)).toBe(rows.length + 2);
  });

  it('gives up at once on a permanent refusal (550) and says why', async () => {
    await t.stopWorker();
    t.receivers.smtp.answerWith(550, { stage: 'rcpt' });
    try {
      const { bookingId } = await book('08:30');
      await t.startWorker();
      const dead = await waitForStatus(
        t,
        (m) => m.bookingId === bookingId && m.channel === 'email' && !m.kind.startsWith('reminder'),
        'dead',
      );
      expect(dead.every((row) => row.attempts === 1)).toBe(true);
      expect(dead[0]?.lastError).toMatch(/550|unavailable/i);
    } finally {
      t.receivers.smtp.answerWith(undefined);
    }
  });

  it("waits as Twilio's Retry-After says, then sends once", async () => {
    await t.stopWorker();
    t.receivers.twilio.answerWith(429, { times: 1, retryAfterSeconds: 2 });
    const before = t.receivers.twilio.messages.length;
    const { bookingId } = await book('09:00');
    const started = Date.now();
    await t.startWorker();
    const [sms] = await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.channel === 'sms' && m.kind === 'booking_confirmed',
      'sent',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(sms?.attempts).toBe(2);
    expect(t.receivers.twilio.messages.length).toBe(before + 1);
  });

  it('marks an invalid number dead without retrying (Twilio 21211)', async () => {
    await t.stopWorker();
    t.receivers.twilio.answerWith(400, { times: 1, code: 21211 });
    const { bookingId } = await book('09:30');
    await t.startWorker();
    const [dead] = await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.channel === 'sms' && m.kind === 'booking_confirmed',
      'dead',
    );
    expect(dead?.attempts).toBe(1);
    expect(dead?.lastError).toMatch(/21211/);
  });

  it('records every message of every booking: nothing stays queued', async () => {
    await waitForStatus(t, (m) => m.channel === 'job_tracker', 'sent');
    const stuck = (await deliveries(t)).filter(
      (row) => row.status === 'queued' && row.sendAfter < new Date(),
    );
    expect(stuck.filter((row) => !row.kind.startsWith('reminder'))).toEqual([]);
  });
});
