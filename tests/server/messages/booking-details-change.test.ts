import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { at, hold, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';

// Issue 15 item 3: a change on the reschedule screen that is not a move still tells people. Another
// consultation type changes who goes where: the customer gets an updated confirmation with the
// updated calendar entry (same UID, next SEQUENCE); every change the customer makes, notes
// included, reaches the business with what it was before.

const wednesday = '2026-11-25';

describe('messages after a change of type or notes on the manage link', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
  });
  afterAll(() => t.close());

  async function booked(time: string) {
    const { sessionId } = await readyToBook(t.app, { glassCount: 5 });
    const { booking, manageToken } = await holdAndBook(t.app, sessionId, at(wednesday, time), {
      notes: 'Gate code 1234',
    });
    // the booking's own e-mails first, so what follows is the change's alone (reminders wait)
    const sentAtBooking = ['booking_confirmed', 'business_new_booking'];
    await waitForStatus(
      t,
      (m) => m.bookingId === booking.id && sentAtBooking.includes(m.kind),
      'sent',
    );
    return { sessionId, bookingId: booking.id, token: manageToken };
  }
  const change = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/manage/${token}/reschedule`, payload });
  const emailsOf = async (bookingId: string) =>
    (await deliveries(t)).filter((m) => m.bookingId === bookingId && m.channel === 'email');
  /** The e-mail the receiver got for a delivery row, by its message id. */
  const mailFor = (row: DeliveryRow | undefined) => {
    const mail = t.receivers.smtp.messages.find(
      (m) => m.parsed.messageId === `<${row?.id}@tintbook.local>`,
    );
    if (!mail) throw new Error(`no e-mail arrived for ${row?.kind}`);
    return mail.parsed;
  };
  async function sentAfter(bookingId: string, before: DeliveryRow[], kind: string) {
    const known = new Set(before.map((m) => m.id));
    const rows = await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.kind === kind && !known.has(m.id),
      'sent',
    );
    expect(rows).toHaveLength(1);
    return mailFor(rows[0]);
  }
  const calendarOf = (mail: ReturnType<typeof mailFor>) => {
    const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    const calendar = new ICAL.Component(ICAL.parse(part?.content.toString() ?? ''));
    const event = calendar.getFirstSubcomponent('vevent');
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: event?.getFirstPropertyValue('uid'),
      sequence: event?.getFirstPropertyValue('sequence'),
      location: event?.getFirstPropertyValue('location') ?? null,
    };
  };

  it('a new type: the customer gets an updated confirmation and invitation, the business a notice', async () => {
    const { bookingId, token } = await booked('10:00');
    const before = await emailsOf(bookingId);
    const res = await change(token, { serviceType: 'onsite' });
    expect(res.statusCode).toBe(200);

    const updated = await sentAfter(bookingId, before, 'booking_updated');
    expect(updated.subject).toBe(
      'Booking updated: your onsite consultation on Wednesday 25 November 2026, 10:00 am AEDT',
    );
    expect(updated.text).toContain('is now an onsite consultation on Wednesday 25 November 2026');
    expect(updated.text).toContain('Consultation: Onsite consultation');
    expect(updated.text).toContain('Where: ');
    expect(updated.text).toContain('Your consultant visits your property at the booked time.');
    expect(updated.text).toContain('/reschedule?token=');
    expect(calendarOf(updated)).toMatchObject({
      method: 'REQUEST',
      uid: `${bookingId}@tintbook`,
      sequence: 1,
    });

    const notice = await sentAfter(bookingId, before, 'business_booking_changed');
    expect(notice.subject).toMatch(/^Booking changed: .+, onsite consultation on Wednesday 25/);
    expect(notice.text).toContain('Consultation: Onsite consultation');
    expect(notice.text).toMatch(/BEFORE THE CHANGE\s+Consultation: Phone consultation/);
    expect(notice.text).not.toContain('/reschedule?token='); // the customer's link stays theirs
    // not a move: no 'moved' e-mail
    expect((await emailsOf(bookingId)).map((m) => m.kind)).not.toContain('booking_rescheduled');
  });

  it('notes alone: the business is told what they were; the customer gets nothing new', async () => {
    const { bookingId, token } = await booked('11:00');
    const before = await emailsOf(bookingId);
    const res = await change(token, { notes: 'Side gate, dog is friendly' });
    expect(res.statusCode).toBe(200);

    const notice = await sentAfter(bookingId, before, 'business_booking_changed');
    expect(notice.text).toContain('Notes: Side gate, dog is friendly');
    expect(notice.text).toMatch(/BEFORE THE CHANGE\s+Notes: Gate code 1234/);
    expect(notice.text).not.toMatch(/BEFORE THE CHANGE\s+(When|Consultation):/);
    const added = (await emailsOf(bookingId)).filter((m) => !before.some((b) => b.id === m.id));
    expect(added.map((m) => m.kind)).toEqual(['business_booking_changed']);
  });

  it('a move with a new type: one updated confirmation at the new time, and one notice', async () => {
    const { bookingId, token, sessionId } = await booked('12:00');
    const before = await emailsOf(bookingId);
    const held = (await hold(t.app, sessionId, at(wednesday, '15:00'))).json();
    const res = await change(token, {
      sessionId,
      reservationId: held.reservationId,
      serviceType: 'onsite',
    });
    expect(res.statusCode).toBe(200);

    const updated = await sentAfter(bookingId, before, 'booking_updated');
    expect(updated.subject).toBe(
      'Booking updated: your onsite consultation on Wednesday 25 November 2026, 3:00 pm AEDT',
    );
    expect(calendarOf(updated)).toMatchObject({ method: 'REQUEST', sequence: 2 });
    const notice = await sentAfter(bookingId, before, 'business_booking_changed');
    expect(notice.text).toMatch(
      /BEFORE THE CHANGE\s+When: Wednesday 25 November 2026, 12:00 pm AEDT\s+Consultation: Phone consultation/,
    );
    // one e-mail to each, not 'moved' and 'updated' both; and the reminders of the new time
    const added = (await emailsOf(bookingId)).filter((m) => !before.some((b) => b.id === m.id));
    expect(added.map((m) => m.kind).sort()).toEqual([
      'booking_updated',
      'business_booking_changed',
      'reminder_24h',
      'reminder_2h',
    ]);
    expect(added.find((m) => m.kind === 'reminder_2h')?.payload).toEqual({
      start: '2026-11-25T04:00:00.000Z',
    });
  });
});
