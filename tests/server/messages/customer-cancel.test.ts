import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '#server/db/schema/index.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { at, hold, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { createStaff, signInAs } from '#tests/helpers/staff.ts';

// Issue 26 item 3: a customer's cancel reaches the business (a "Booking cancelled" notice with the
// lead's link), and the lead leaves 'booked' for the stage it had before, found by the list's
// "cancelled" filter. Item 15: what the cancel or a move makes pointless shows so at once.

const thursday = '2026-11-26';

describe('a customer cancels through their link', () => {
  let t: MessagingTestApp;
  let staffCookie: string;
  beforeAll(async () => {
    t = await createMessagingTestApp();
    const staff = await createStaff(t.database.db, { role: 'staff' });
    staffCookie = await signInAs(t.app, staff.email);
  });
  afterAll(() => t.close());

  /** Starts the worker again and lets what is due now go, so no job runs into the close. */
  async function drain(bookingId: string) {
    await t.startWorker();
    const dueNow = (m: DeliveryRow) =>
      m.bookingId === bookingId && m.sendAfter.getTime() <= t.clock.now.getTime();
    const deadline = Date.now() + 20_000;
    while (
      (await deliveries(t)).some((m) => dueNow(m) && ['queued', 'sending'].includes(m.status))
    ) {
      if (Date.now() > deadline) throw new Error('messages still waiting');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  async function booked(time: string) {
    const { sessionId, leadId } = await readyToBook(t.app);
    const { booking, manageToken } = await holdAndBook(t.app, sessionId, at(thursday, time));
    return { sessionId, leadId, bookingId: booking.id, token: manageToken };
  }
  const cancel = (token: string) =>
    t.app.inject({ method: 'POST', url: `/api/manage/${token}/cancel` });
  const mailFor = (row: DeliveryRow | undefined) => {
    const mail = t.receivers.smtp.messages.find(
      (m) => m.parsed.messageId === `<${row?.id}@tintbook.local>`,
    );
    if (!mail) throw new Error(`no e-mail arrived for ${row?.kind}`);
    return mail.parsed;
  };
  const stageOf = async (leadId: string) =>
    (await t.database.db.select().from(leads).where(eq(leads.id, leadId)))[0]?.stage;

  it('tells the business, with a link that opens the lead', async () => {
    const { bookingId, leadId, token } = await booked('10:00');
    expect((await cancel(token)).statusCode).toBe(200);
    const [notice] = await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.kind === 'business_booking_cancelled',
      'sent',
    );
    const mail = mailFor(notice);
    expect(mail.subject).toMatch(
      /^Booking cancelled: .+, phone consultation on Thursday 26 November 2026, 10:00 am AEDT$/,
    );
    expect(mail.text).toContain('has cancelled their booking');
    expect(mail.text).toContain(`http://localhost:3999/leads/${leadId}`);
    expect(mail.text).not.toContain('/reschedule?token='); // the customer's link stays theirs
    // the customer still gets their own cancellation
    await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.kind === 'booking_cancelled' && m.channel === 'email',
      'sent',
    );
    // cancelling twice tells nobody twice
    expect((await cancel(token)).statusCode).toBe(200);
    const notices = (await deliveries(t)).filter(
      (m) => m.bookingId === bookingId && m.kind === 'business_booking_cancelled',
    );
    expect(notices).toHaveLength(1);
  });

  it('the new-booking notice links to the lead too', async () => {
    const { bookingId, leadId } = await booked('11:00');
    const [notice] = await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.kind === 'business_new_booking',
      'sent',
    );
    expect(mailFor(notice).text).toContain(`Open the lead:\nhttp://localhost:3999/leads/${leadId}`);
  });

  it('the lead goes back to its stage before the booking, and the list finds it as cancelled', async () => {
    const { leadId, token } = await booked('12:00');
    expect(await stageOf(leadId)).toBe('booked');
    expect((await cancel(token)).statusCode).toBe(200);
    expect(await stageOf(leadId)).toBe('estimate');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leads?booking=cancelled&limit=100',
      headers: { cookie: staffCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().leads as { id: string }[]).find((l) => l.id === leadId);
    expect(row).toMatchObject({ stage: 'estimate', bookingState: 'cancelled' });
    const live = await t.app.inject({
      method: 'GET',
      url: '/api/leads?booking=upcoming&limit=100',
      headers: { cookie: staffCookie },
    });
    expect((live.json().leads as { id: string }[]).map((l) => l.id)).not.toContain(leadId);
  });

  it('the messages a cancel makes pointless show as cancelled at once, not queued', async () => {
    await t.stopWorker();
    let bookingId = '';
    try {
      const made = await booked('13:00');
      bookingId = made.bookingId;
      const { token } = made;
      expect((await cancel(token)).statusCode).toBe(200);
      const rows = (await deliveries(t)).filter((m) => m.bookingId === bookingId);
      const state = (kind: string, channel = 'email') =>
        rows.find((m) => m.kind === kind && m.channel === channel)?.status;
      // no worker has run: the cancel itself settled them
      expect(state('booking_confirmed')).toBe('cancelled');
      expect(state('reminder_24h')).toBe('cancelled');
      expect(state('reminder_2h')).toBe('cancelled');
      expect(state('booking_cancelled')).toBe('queued');
      expect(state('business_new_booking')).toBe('queued');
      expect(state('business_booking_cancelled')).toBe('queued');
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/messages?bookingId=${bookingId}&status=cancelled`,
        headers: { cookie: await adminCookie() },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json().messages.length).toBeGreaterThanOrEqual(3);
      expect(listed.json().counts.cancelled).toBeGreaterThanOrEqual(3);
    } finally {
      await drain(bookingId);
    }
  });

  it('a move supersedes the reminders of the old time at once', async () => {
    await t.stopWorker();
    let bookingId = '';
    try {
      const made = await booked('14:00');
      bookingId = made.bookingId;
      const { token, sessionId } = made;
      const held = (await hold(t.app, sessionId, at(thursday, '15:30'))).json();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/manage/${token}/reschedule`,
        payload: { sessionId, reservationId: held.reservationId },
      });
      expect(res.statusCode, res.body).toBe(200);
      const reminders = (await deliveries(t)).filter(
        (m) => m.bookingId === bookingId && m.kind.startsWith('reminder_'),
      );
      const oldStart = new Date(at(thursday, '14:00')).toISOString();
      const old = reminders.filter((m) => m.payload.start === oldStart);
      const fresh = reminders.filter((m) => m.payload.start !== oldStart);
      expect(old.length).toBeGreaterThan(0);
      expect(old.every((m) => m.status === 'superseded')).toBe(true);
      expect(fresh.length).toBe(old.length);
      expect(fresh.every((m) => m.status === 'queued')).toBe(true);
    } finally {
      await drain(bookingId);
    }
  });

  async function adminCookie() {
    const admin = await createStaff(t.database.db, { role: 'admin' });
    return signInAs(t.app, admin.email);
  }
});
