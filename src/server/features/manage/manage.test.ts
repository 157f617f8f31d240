import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  holdAndBook,
  readyToBook,
  slotsOn,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { activities } from '#server/db/schema/index.ts';

const monday = '2026-11-30';

describe('the manage link', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());

  const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/manage/${token}` });
  const post = (token: string, action: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/manage/${token}/${action}`, payload });
  async function booked(time: string) {
    const ready = await readyToBook(t.app);
    const { booking, manageToken } = await holdAndBook(t.app, ready.sessionId, at(monday, time));
    return { ...ready, bookingId: booking.id, token: manageToken };
  }
  const logOf = async (bookingId: string) =>
    (
      await t.database.db
        .select()
        .from(activities)
        .where(eq(activities.eventType, 'booking'))
        .orderBy(activities.timestamp)
    )
      .filter((a) => a.data?.bookingId === bookingId)
      .map((a) => ({ action: a.action, from: a.data?.from, to: a.data?.to }));

  it('shows the booking to whoever holds the token', async () => {
    const { token, bookingId } = await booked('10:00');
    const res = await read(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      booking: { id: bookingId, timeSlot: { startTime: '2026-11-30T10:00:00+11:00' } },
      customer: { firstName: 'Alex' },
      status: 'confirmed',
      startsAt: 'Monday 30 November 2026, 10:00 am',
      canChange: true,
    });
  });

  it('answers 404 to an unknown token', async () => {
    for (const token of ['x'.repeat(43), 'short', randomUUID()]) {
      const res = await read(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(bookingMessages.manageNotFound);
    }
    expect((await post('x'.repeat(43), 'cancel')).statusCode).toBe(404);
  });

  it('reschedules in place: the old slot is freed, the new one taken, the token still works', async () => {
    const { token, bookingId, sessionId } = await booked('11:00');
    const held = (await hold(t.app, sessionId, at(monday, '15:30'))).json();
    const res = await post(token, 'reschedule', { sessionId, reservationId: held.reservationId });
    expect(res.statusCode).toBe(200);
    expect(res.json().booking).toMatchObject({
      id: bookingId,
      timeSlot: { startTime: '2026-11-30T15:30:00+11:00' },
    });
    const slots = await slotsOn(t.app, monday);
    expect(slots.get('staff-1@11:00')).toBe(true);
    expect(slots.get('staff-1@15:30')).toBe(false);
    expect((await read(token)).json().booking.id).toBe(bookingId);
    expect(await logOf(bookingId)).toContainEqual({
      action: 'booking_rescheduled',
      from: expect.objectContaining({ startTime: '2026-11-30T00:00:00.000Z' }),
      to: expect.objectContaining({ startTime: '2026-11-30T04:30:00.000Z' }),
    });
  });

  it("refuses a reschedule with another session's hold", async () => {
    const { token } = await booked('12:00');
    const held = (await hold(t.app, randomUUID(), at(monday, '12:30'))).json();
    const res = await post(token, 'reschedule', {
      sessionId: randomUUID(),
      reservationId: held.reservationId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: errorCodes.slotTaken,
      message: bookingMessages.slotTaken,
    });
  });

  it('cancels: the slot is bookable again, the row stays, and it cannot be rescheduled', async () => {
    const { token, bookingId, sessionId } = await booked('13:00');
    const res = await post(token, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', canChange: false });
    expect((await post(token, 'cancel')).statusCode).toBe(200);
    expect((await slotsOn(t.app, monday)).get('staff-1@13:00')).toBe(true);
    expect((await read(token)).json().booking).toMatchObject({
      id: bookingId,
      status: 'cancelled',
    });
    expect((await logOf(bookingId)).map((a) => a.action)).toEqual([
      'booking_created',
      'booking_cancelled',
    ]);

    const held = (await hold(t.app, sessionId, at(monday, '13:30'))).json();
    const again = await post(token, 'reschedule', { sessionId, reservationId: held.reservationId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: errorCodes.bookingCancelled,
      message: bookingMessages.cancelled,
    });
    // someone else may now book the freed slot
    const next = await readyToBook(t.app);
    await holdAndBook(t.app, next.sessionId, at(monday, '13:00'));
  });

  it('refuses to change a booking that has started', async () => {
    const { token, sessionId } = await booked('14:00');
    const held = (await hold(t.app, sessionId, at(monday, '14:30'))).json();
    const saved = t.clock.now;
    t.clock.now = new Date(at(monday, '14:00'));
    try {
      const moved = await post(token, 'reschedule', {
        sessionId,
        reservationId: held.reservationId,
      });
      expect(moved.statusCode).toBe(409);
      expect(moved.json().error).toMatchObject({
        code: errorCodes.bookingStarted,
        message: bookingMessages.past,
      });
      const cancelled = await post(token, 'cancel');
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().error).toMatchObject({
        code: errorCodes.bookingStarted,
        message: bookingMessages.past,
      });
      expect((await read(token)).json().canChange).toBe(false);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('the manage link rate limit', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp({ RATE_LIMIT_PUBLIC_MAX: '3' });
  });
  afterAll(() => t.close());

  it('limits reads and changes per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await t.app.inject({ method: 'GET', url: `/api/manage/${'x'.repeat(43)}` })).statusCode,
      );
    }
    expect(codes).toEqual([404, 404, 404, 429]);
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: '/api/manage/x/cancel' });
    expect((await t.app.inject({ method: 'POST', url: '/api/manage/x/cancel' })).statusCode).toBe(
      429,
    );
  });
});
