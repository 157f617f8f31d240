import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { at, hold, book, readyToBook, setStaff } from '#tests/helpers/booking-flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import type { ReceivedMail } from '#tests/helpers/protocol-servers/smtp-receiver.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// Issue 28: each consultant hears of their own bookings, by e-mail with the calendar entry (the
// customer's UID, a newer SEQUENCE per change) and by text; a reassignment withdraws it from the
// one who had it and gives it as new to the other. Staff move, reassign and cancel through the API.

const team = [
  { id: 'sam', name: 'Sam', email: 'sam@example.com', mobile: '+61412000001' },
  { id: 'kim', name: 'Kim', email: 'kim@example.com', mobile: '+61412000002' },
  { id: 'lou', name: 'Lou' },
];
const thursday = '2026-11-26';

const calendarOf = (mail: ReceivedMail) => {
  const part = mail.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  const calendar = new ICAL.Component(ICAL.parse(part?.content.toString() ?? ''));
  const event = calendar.getFirstSubcomponent('vevent');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event?.getFirstPropertyValue('uid'),
    sequence: event?.getFirstPropertyValue('sequence'),
    start: String(event?.getFirstPropertyValue('dtstart')),
    status: event?.getFirstPropertyValue('status'),
  };
};

describe("the consultant's notices of their own bookings", () => {
  let t: MessagingTestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createMessagingTestApp();
    await setStaff(t.database.db, team);
    const staff = await createStaff(t.database.db, { role: 'staff' });
    cookie = await signInAs(t.app, staff.email);
  });
  afterAll(() => t.close());

  const asStaff = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie, ...sameOrigin }, payload });

  async function bookWith(staffId: string, time: string) {
    const { sessionId } = await readyToBook(t.app);
    const held = await hold(t.app, sessionId, at(thursday, time), staffId);
    expect(held.statusCode, held.body).toBe(201);
    const res = await book(t.app, { sessionId, reservationId: held.json().reservationId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { id: string; staffId: string };
  }

  /** The one delivery of `kind` to `to` about the booking, once sent. */
  async function sent(bookingId: string, kind: string, to: string) {
    const which = (m: DeliveryRow) => m.bookingId === bookingId && m.kind === kind;
    const rows = await waitForStatus(t, (m) => which(m) && m.recipient === to, 'sent');
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }
  const mailOf = (row: DeliveryRow) => {
    const mail = t.receivers.smtp.messages.find(
      (m) => m.parsed.messageId === `<${row.id}@tintbook.local>`,
    );
    if (!mail) throw new Error(`no ${row.kind} e-mail arrived`);
    expect(mail.envelope.to).toEqual([row.recipient]);
    return mail;
  };
  const textOf = (row: DeliveryRow) => {
    const text = t.receivers.twilio.messages.find((m) => m.idempotencyKey === row.id);
    if (!text) throw new Error(`no ${row.kind} text arrived`);
    expect(text.to).toBe(row.recipient);
    return text.body;
  };

  it('a new booking, a move, a reassignment and a cancel each reach the consultant', async () => {
    const booking = await bookWith('sam', '10:00');
    const uid = `${booking.id}@tintbook`;

    const made = mailOf(await sent(booking.id, 'consultant_booking_new', 'sam@example.com'));
    expect(calendarOf(made)).toMatchObject({ method: 'REQUEST', uid, sequence: 0 });
    expect(made.parsed.text).toContain(`/leads/`);
    expect(made.parsed.text).not.toContain('token=');
    const text = textOf(await sent(booking.id, 'consultant_booking_new', '+61412000001'));
    expect(text).toMatch(/new booking for you: phone consultation with .+, Thu 26 Nov, 10:00 am/);
    // the business's notice names whose booking it is
    const notice = mailOf(await sent(booking.id, 'business_new_booking', t.owner.email));
    expect(notice.parsed.text).toContain('Consultant: Sam');

    const move = await asStaff('POST', `/api/bookings/${booking.id}/reschedule`, {
      startTime: at(thursday, '14:30'),
      staffId: 'sam',
    });
    expect(move.statusCode, move.body).toBe(200);
    const moved = mailOf(await sent(booking.id, 'consultant_booking_moved', 'sam@example.com'));
    expect(calendarOf(moved)).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: 1,
      start: '2026-11-26T03:30:00Z',
    });
    expect(moved.parsed.text).toContain('Was: Thursday 26 November 2026, 10:00 am AEDT');
    textOf(await sent(booking.id, 'consultant_booking_moved', '+61412000001'));

    const reassign = await asStaff('PATCH', `/api/bookings/${booking.id}`, { consultantId: 'kim' });
    expect(reassign.statusCode, reassign.body).toBe(200);
    const away = mailOf(await sent(booking.id, 'consultant_booking_cancelled', 'sam@example.com'));
    expect(calendarOf(away)).toMatchObject({ method: 'CANCEL', uid, status: 'CANCELLED' });
    expect(calendarOf(away).sequence).toBeGreaterThan(1);
    expect(away.parsed.text).toContain('it is no longer yours');
    const given = mailOf(await sent(booking.id, 'consultant_booking_new', 'kim@example.com'));
    expect(calendarOf(given)).toMatchObject({ method: 'REQUEST', uid, sequence: 2 });
    expect(textOf(await sent(booking.id, 'consultant_booking_new', '+61412000002'))).toContain(
      'new booking for you',
    );

    const cancel = await asStaff('POST', `/api/bookings/${booking.id}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const gone = mailOf(await sent(booking.id, 'consultant_booking_cancelled', 'kim@example.com'));
    expect(calendarOf(gone)).toMatchObject({ method: 'CANCEL', uid, status: 'CANCELLED' });
    expect(calendarOf(gone).sequence).toBeGreaterThan(2);
    expect(textOf(await sent(booking.id, 'consultant_booking_cancelled', '+61412000002'))).toMatch(
      /booking cancelled: /,
    );
    // Sam heard of it once each: new, moved, no longer theirs
    const sams = (await deliveries(t)).filter(
      (m) => m.bookingId === booking.id && m.recipient === 'sam@example.com',
    );
    expect(sams.map((m) => m.kind).sort()).toEqual([
      'consultant_booking_cancelled',
      'consultant_booking_moved',
      'consultant_booking_new',
    ]);
  });

  it("a customer's new time held by another consultant moves it to them; their cancel too", async () => {
    const { sessionId } = await readyToBook(t.app);
    const held = await hold(t.app, sessionId, at(thursday, '12:00'), 'sam');
    const res = await book(t.app, { sessionId, reservationId: held.json().reservationId });
    const { booking, manageToken } = res.json() as { booking: { id: string }; manageToken: string };
    await sent(booking.id, 'consultant_booking_new', 'sam@example.com');

    const later = await hold(t.app, sessionId, at(thursday, '15:00'), 'kim');
    expect(later.statusCode, later.body).toBe(201);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${manageToken}/reschedule`,
      payload: { sessionId, reservationId: later.json().reservationId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await sent(booking.id, 'consultant_booking_cancelled', 'sam@example.com');
    await sent(booking.id, 'consultant_booking_new', 'kim@example.com');
    const changed = mailOf(await sent(booking.id, 'business_booking_changed', t.owner.email));
    expect(changed.parsed.text).toContain('Consultant: Kim');
    expect(changed.parsed.text).toMatch(/BEFORE THE CHANGE[\s\S]*Consultant: Sam/);

    const cancel = await t.app.inject({ method: 'POST', url: `/api/manage/${manageToken}/cancel` });
    expect(cancel.statusCode).toBe(200);
    const gone = mailOf(await sent(booking.id, 'consultant_booking_cancelled', 'kim@example.com'));
    expect(calendarOf(gone)).toMatchObject({ method: 'CANCEL', uid: `${booking.id}@tintbook` });
  });

  it('a consultant with no e-mail or mobile gets nothing, and the booking goes ahead', async () => {
    const booking = await bookWith('lou', '11:00');
    expect(booking.staffId).toBe('lou');
    await waitForStatus(
      t,
      (m) => m.bookingId === booking.id && m.kind === 'booking_confirmed' && m.channel === 'email',
      'sent',
    );
    const notice = mailOf(await sent(booking.id, 'business_new_booking', t.owner.email));
    expect(notice.parsed.text).toContain('Consultant: Lou');
    const rows = (await deliveries(t)).filter((m) => m.bookingId === booking.id);
    expect(rows.filter((m) => m.kind.startsWith('consultant_'))).toEqual([]);
    expect(rows.filter((m) => m.status === 'dead' || m.status === 'failed')).toEqual([]);
  });
});
