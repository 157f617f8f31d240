import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  at,
  hold,
  holdAndBook,
  readyToBook,
  setSetting,
  useBookingApp,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages, onsiteRefusal } from '#shared/booking/booking.contract.ts';
import { activities, bookings, messageDeliveries } from '#server/db/schema/index.ts';

// Issue 15 item 3: the manage link changes the consultation type and the notes too, by the
// booking's rules, in its history; every change queues its messages (what they say:
// tests/server/messages/booking-details-change.test.ts), and the calendar entry's sequence grows
// with every change that shows in it.

const tuesday = '2026-12-01';

describe('the manage link changes type and notes', () => {
  let t: BookingTestApp;
  useBookingApp((app) => (t = app));

  const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/manage/${token}` });
  const change = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/manage/${token}/reschedule`, payload });
  async function booked(time: string, glassCount = 5) {
    const ready = await readyToBook(t.app, { glassCount });
    const { booking, manageToken } = await holdAndBook(t.app, ready.sessionId, at(tuesday, time), {
      notes: 'Gate code 1234',
    });
    return { ...ready, bookingId: booking.id, token: manageToken };
  }
  const historyOf = async (bookingId: string) =>
    (await t.database.db.select().from(activities).orderBy(activities.timestamp))
      .filter((a) => a.data?.bookingId === bookingId)
      .map((a) => ({ action: a.action, from: a.data?.from, to: a.data?.to }));
  const messagesOf = async (bookingId: string) =>
    (
      await t.database.db
        .select()
        .from(messageDeliveries)
        .where(eq(messageDeliveries.bookingId, bookingId))
    ).map((row) => row.kind);

  it('shows the address, the calendar sequence and whether onsite may be chosen', async () => {
    const { token } = await booked('09:00', 5);
    const res = await read(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customer: { firstName: 'Alex', address: expect.any(String) },
      calendarSequence: 0,
      onsite: { available: true, threshold: 5, restrictionEnabled: true, glassCount: 5 },
      booking: { serviceType: 'phone', notes: 'Gate code 1234' },
    });
  });

  it('changes type and notes without a move: history, sequence, an updated confirmation', async () => {
    const { token, bookingId } = await booked('09:30', 5);
    const before = await messagesOf(bookingId);
    const res = await change(token, { serviceType: 'onsite', notes: '  Side door please ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: {
        serviceType: 'onsite',
        notes: 'Side door please',
        timeSlot: { startTime: '2026-12-01T09:30:00+11:00' },
      },
      calendarSequence: 1,
    });
    expect(await historyOf(bookingId)).toContainEqual({
      action: 'booking_details_changed',
      from: { serviceType: 'phone', notes: 'Gate code 1234' },
      to: { serviceType: 'onsite', notes: 'Side door please' },
    });
    const added = await messagesOf(bookingId);
    for (const kind of before) added.splice(added.indexOf(kind), 1);
    expect(added.sort()).toEqual(['booking_updated', 'business_booking_changed']);
    // notes alone: the calendar entry does not show them, so its sequence stays
    const notes = await change(token, { notes: '' });
    expect(notes.statusCode).toBe(200);
    expect(notes.json()).toMatchObject({ booking: { notes: null }, calendarSequence: 1 });
  });

  it('moves and changes type in one go: one more sequence each, an updated confirmation', async () => {
    const { token, bookingId, sessionId } = await booked('10:00', 5);
    const held = (await hold(t.app, sessionId, at(tuesday, '14:00'))).json();
    const res = await change(token, {
      sessionId,
      reservationId: held.reservationId,
      serviceType: 'onsite',
      notes: 'Gate code 1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: {
        id: bookingId,
        serviceType: 'onsite',
        timeSlot: { startTime: '2026-12-01T14:00:00+11:00' },
      },
      calendarSequence: 2,
    });
    const actions = (await historyOf(bookingId)).map((a) => a.action);
    expect(actions).toEqual(['booking_created', 'booking_rescheduled', 'booking_details_changed']);
    const kinds = await messagesOf(bookingId);
    expect(kinds).toContain('booking_updated');
    expect(kinds).not.toContain('booking_rescheduled'); // one e-mail for the change, not two
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ serviceType: 'onsite', calendarSequence: 2 });
  });

  it('refuses onsite below the pane threshold with 400, and allows it with the rule off', async () => {
    const { token, bookingId } = await booked('10:30', 2);
    expect((await read(token)).json().onsite).toMatchObject({ available: false, glassCount: 2 });
    const res = await change(token, { serviceType: 'onsite' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: onsiteRefusal(5),
      fields: { serviceType: onsiteRefusal(5) },
    });
    expect((await read(token)).json().booking.serviceType).toBe('phone');
    await setSetting(t.database.db, 'onsite_restriction_enabled', false);
    try {
      expect((await change(token, { serviceType: 'onsite' })).statusCode).toBe(200);
    } finally {
      await setSetting(t.database.db, 'onsite_restriction_enabled', true);
    }
    expect((await historyOf(bookingId)).map((a) => a.action)).toContain('booking_details_changed');
  });

  let refused: string | undefined;
  it.each([
    ['nothing to change', {}, undefined, bookingMessages.nothingToChange],
    [
      'the same type and notes',
      { serviceType: 'phone', notes: 'Gate code 1234' },
      undefined,
      bookingMessages.nothingToChange,
    ],
    ['an unknown type', { serviceType: 'video' }, 'serviceType', bookingMessages.serviceType],
    ['notes too long', { notes: 'x'.repeat(5001) }, 'notes', undefined],
    [
      'a hold without its session',
      { reservationId: randomUUID() },
      'sessionId',
      bookingMessages.holdNeedsSession,
    ],
    [
      'a reservation id that is not a uuid',
      { sessionId: randomUUID(), reservationId: 'x' },
      'reservationId',
      'Invalid reservation id',
    ],
    ['notes that are not text', { notes: 42 }, 'notes', undefined],
  ])('refuses %s with 400', async (_, payload, field, message) => {
    refused ??= (await booked('11:00')).token;
    const res = await change(refused, payload);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    if (field) expect(Object.keys(error.fields)).toEqual([field]);
    if (message) expect(field ? error.fields[field] : error.message).toBe(message);
    expect(error.message.length).toBeGreaterThan(0);
    expect((await read(refused)).json()).toMatchObject({
      booking: { serviceType: 'phone', notes: 'Gate code 1234' },
      calendarSequence: 0,
    });
  });

  it('refuses a change to a cancelled booking with 409', async () => {
    const { token } = await booked('11:30');
    await t.app.inject({ method: 'POST', url: `/api/manage/${token}/cancel` });
    const res = await change(token, { notes: 'Too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: errorCodes.bookingCancelled,
      message: bookingMessages.cancelled,
    });
  });
});
