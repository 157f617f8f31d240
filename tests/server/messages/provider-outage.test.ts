import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, holdAndBook, setStaff, staffOf } from '#tests/helpers/booking-flows.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';

// The mail server, Twilio and the webhook receiver refuse connections while 60 bookings are made;
// once they are back, every message arrives exactly once: none lost, none duplicated. 60 bookings
// are about 360 messages, dozens of the worker's batches (200 took 2.5 min of a core on a slow
// day for the same checks: ADR 039).
//
// By then pg-boss's backoff (doubling per try, no ceiling in pg-boss 10) has the next tries a
// minute or more away. That wait is pg-boss's, not what this test checks (delivery-failures
// checks that a failed message is tried again on its own): once the providers are back, the test
// makes every waiting retry due at once, as though its backoff had run out, until all are sent.

const bookings = 60;
const staff = 10;
// 16 slots a day from 08:00: 10 consultants give 160 a day, the next day past that (each hold
// takes a consultant still free at that time)
const slotOf = (i: number) => {
  const day = i < 160 ? '2026-11-25' : '2026-11-26';
  const n = i % 160;
  const minutes = 8 * 60 + Math.floor(n / staff) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return at(day, time);
};

describe('a provider outage', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
    await setStaff(t.database.db, staffOf(staff));
  });
  afterAll(() => t.close());

  /** Runs `wait` while every job waiting out its backoff is made due now, again and again. */
  async function whileRetriesAreDue<T>(wait: () => Promise<T>): Promise<T> {
    let waiting = true;
    const makeDue = (async () => {
      while (waiting) {
        await t.database.executeSql(
          "update pgboss.job set start_after = now() where state = 'retry' and start_after > now()",
        );
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    try {
      return await wait();
    } finally {
      waiting = false;
      await makeDue;
    }
  }

  it(`delivers every message of ${bookings} bookings made during it exactly once`, async () => {
    const { smtp, twilio, webhook } = t.receivers;
    await Promise.all([smtp.stop(), twilio.stop(), webhook.stop()]);

    const made: string[] = [];
    for (let i = 0; i < bookings; i += 1) {
      const { sessionId } = await completeContactStep(t.app);
      made.push((await holdAndBook(t.app, sessionId, slotOf(i))).booking.id);
    }
    // the worker has been failing meanwhile: those messages wait to be tried again
    const failing = (await deliveries(t)).filter((d) => d.status === 'failed');
    expect(failing.length).toBeGreaterThan(0);

    await Promise.all([smtp.restart(), twilio.restart(), webhook.restart()]);
    const due = (d: { kind: string }) => !d.kind.startsWith('reminder');
    const settled = await whileRetriesAreDue(() =>
      waitForStatus(t, (d) => due(d) && d.channel !== 'ga4', 'sent', 180_000),
    );

    const sentBy = (channel: string) => settled.filter((d) => d.channel === channel);
    // per booking: the customer's confirmation and the business's notice; per lead: its notice
    expect(sentBy('email')).toHaveLength(bookings * 3);
    expect(sentBy('sms')).toHaveLength(bookings);
    expect(sentBy('webhook')).toHaveLength(bookings);

    const mailIds = smtp.messages.map((m) => m.parsed.messageId);
    expect(new Set(mailIds).size).toBe(mailIds.length); // nothing twice
    expect(new Set(mailIds)).toEqual(
      new Set(sentBy('email').map((d) => `<${d.id}@tintbook.local>`)),
    );
    expect(twilio.messages).toHaveLength(bookings);
    expect(twilio.duplicatesAbsorbed()).toBe(0);
    expect(webhook.received).toHaveLength(bookings);
    expect(webhook.duplicates()).toBe(0);
    expect(new Set(settled.map((d) => d.bookingId).filter(Boolean))).toEqual(new Set(made));
  }, 300_000);
});
