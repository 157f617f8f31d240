import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  hold,
  holdAndBook,
  readyToBook,
  setStaff,
  staffOf,
} from '#tests/helpers/booking-flows.ts';
import { waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import type { ReceivedMail } from '#tests/helpers/protocol-servers/smtp-receiver.ts';

// Moves and cancels update the customer's calendar entry (same UID, newer SEQUENCE, METHOD:CANCEL),
// and reminders follow the booking: one queued for the old time is superseded by the move.

const calendarOf = (mail: ReceivedMail) => {
  const part = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const calendar = new ICAL.Component(ICAL.parse(part?.content.toString() ?? ''));
  const event = calendar.getFirstSubcomponent('vevent');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event?.getFirstPropertyValue('uid'),
    sequence: event?.getFirstPropertyValue('sequence'),
    start: String(event?.getFirstPropertyValue('dtstart')),
  };
};

describe('messages after a booking changes', () => {
  let t: MessagingTestApp;
  // 08:59:50 on Monday 23 November 2026: the 2-hour reminder of an 11:00 slot is due in 10 s
  beforeAll(async () => {
    t = await createMessagingTestApp({}, new Date('2026-11-23T08:59:50+11:00'));
    await setStaff(t.database.db, staffOf(2));
  });
  afterAll(() => t.close());

  it('a reschedule sends the same calendar entry at its new time, a cancel withdraws it', async () => {
    const { sessionId } = await readyToBook(t.app);
    const { booking, manageToken } = await holdAndBook(t.app, sessionId, at('2026-11-26', '10:00'));
    const mailOf = async (kind: string) => {
      const [row] = await waitForStatus(
        t,
        (m) => m.bookingId === booking.id && m.kind === kind && m.channel === 'email',
        'sent',
      );
      const mail = t.receivers.smtp.messages.find(
        (m) => m.parsed.messageId === `<${row?.id}@tintbook.local>`,
      );
      if (!mail) throw new Error(`no ${kind} e-mail arrived`);
      return calendarOf(mail);
    };
    const uid = `${booking.id}@tintbook`;
    expect(await mailOf('booking_confirmed')).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: 0,
      start: '2026-11-25T23:00:00Z',
    });

    const held = (await hold(t.app, sessionId, at('2026-11-27', '14:30'))).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${manageToken}/reschedule`,
      payload: { sessionId, reservationId: held.reservationId },
    });
    expect(moved.statusCode).toBe(200);
    expect(await mailOf('booking_rescheduled')).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: 1,
      start: '2026-11-27T03:30:00Z',
    });

    const cancel = await t.app.inject({ method: 'POST', url: `/api/manage/${manageToken}/cancel` });
    expect(cancel.statusCode).toBe(200);
    const withdrawn = await mailOf('booking_cancelled');
    expect(withdrawn).toMatchObject({ method: 'CANCEL', uid });
    expect(withdrawn.sequence).toBeGreaterThan(1);
  });

  it('sends no confirmation for a booking cancelled before its e-mail went', async () => {
    await t.stopWorker();
    try {
      const { sessionId } = await readyToBook(t.app);
      const { booking, manageToken } = await holdAndBook(
        t.app,
        sessionId,
        at('2026-11-26', '11:00'),
      );
      await t.app.inject({ method: 'POST', url: `/api/manage/${manageToken}/cancel` });
      // settled by the cancel itself (issue 26 item 15), before any worker ran
      const [cancelled] = await waitForStatus(
        t,
        (m) =>
          m.bookingId === booking.id && m.kind === 'booking_confirmed' && m.channel === 'email',
        'cancelled',
        0,
      );
      expect(cancelled?.lastError).toMatch(/cancelled/);
      await t.startWorker();
      await waitForStatus(
        t,
        (m) => m.bookingId === booking.id && m.kind === 'booking_cancelled',
        'sent',
      );
    } finally {
      await t.startWorker();
    }
  });

  it('sends a reminder that is due, and skips one for a time the booking has left', async () => {
    const first = await readyToBook(t.app);
    const kept = await holdAndBook(t.app, first.sessionId, at('2026-11-23', '11:00'));
    const second = await readyToBook(t.app);
    // the other consultant's 11:00, moved straight away to 15:00
    const movedAway = await holdAndBook(t.app, second.sessionId, at('2026-11-23', '11:00'));
    const held = (await hold(t.app, second.sessionId, at('2026-11-23', '15:00'))).json();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${movedAway.manageToken}/reschedule`,
      payload: { sessionId: second.sessionId, reservationId: held.reservationId },
    });
    expect(moved.statusCode).toBe(200);

    const sent = await waitForStatus(
      t,
      (m) => m.bookingId === kept.booking.id && m.kind === 'reminder_2h',
      'sent',
    );
    expect(sent.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    // superseded by the move itself (issue 26 item 15), never sent
    const superseded = await waitForStatus(
      t,
      (m) =>
        m.bookingId === movedAway.booking.id &&
        m.kind === 'reminder_2h' &&
        m.payload.start === '2026-11-23T00:00:00.000Z',
      'superseded',
    );
    expect(superseded[0]?.lastError).toMatch(/moved/);
    const reminders = t.receivers.smtp.messages.filter((m) =>
      m.parsed.subject?.startsWith('Starting soon'),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.parsed.text).toContain('/reschedule?token=');
  });
});
