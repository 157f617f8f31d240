import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  at,
  hold,
  slotsOn,
  useBookingApp,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { slotHolds } from '#server/db/schema/index.ts';

const wednesday = '2026-11-25';

describe('slot holds', () => {
  let t: BookingTestApp;
  useBookingApp((app) => (t = app));

  const holdsOf = (sessionId: string) =>
    t.database.db.select().from(slotHolds).where(eq(slotHolds.sessionId, sessionId));

  it('holds an offered slot for 10 minutes', async () => {
    const sessionId = randomUUID();
    const res = await hold(t.app, sessionId, at(wednesday, '10:00'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      reservationId: expect.any(String),
      expiresAt: '2026-11-23T09:10:00+11:00',
      staffId: 'staff-1',
      startTime: '2026-11-25T10:00:00+11:00',
      endTime: '2026-11-25T10:30:00+11:00',
    });
    // the same instant written in UTC is the same slot
    const again = await hold(t.app, randomUUID(), '2026-11-24T23:00:00Z');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: errorCodes.slotTaken,
      message: bookingMessages.slotTaken,
    });
  });

  it('keeps one hold per session: a new one releases the previous', async () => {
    const sessionId = randomUUID();
    expect((await hold(t.app, sessionId, at(wednesday, '11:00'))).statusCode).toBe(201);
    const second = await hold(t.app, sessionId, at(wednesday, '11:30'));
    expect(second.statusCode).toBe(201);
    const rows = await holdsOf(sessionId);
    expect(rows.map((r) => r.id)).toEqual([second.json().reservationId]);
    expect((await hold(t.app, randomUUID(), at(wednesday, '11:00'))).statusCode).toBe(201);
  });

  it.each([
    ['a time off the grid', at(wednesday, '10:15')],
    ['a weekend', at('2026-11-28', '10:00')],
    ['a time inside the same-day lead time', at('2026-11-23', '09:30')],
    ['a date past the horizon', at('2026-12-24', '10:00')],
    ['a past date', at('2026-11-20', '10:00')],
  ])('refuses %s with 400', async (_, startTime) => {
    const res = await hold(t.app, randomUUID(), startTime);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ startTime: bookingMessages.notASlot });
  });

  it('refuses an unknown staff member and a time without an offset', async () => {
    const staff = await hold(t.app, randomUUID(), at(wednesday, '10:00'), 'staff-99');
    expect(staff.statusCode).toBe(400);
    expect(staff.json().error.fields).toEqual({ staffId: bookingMessages.unknownStaff });
    const local = await hold(t.app, randomUUID(), '2026-11-25T10:00:00');
    expect(local.statusCode).toBe(400);
    expect(local.json().error.fields).toEqual({ startTime: bookingMessages.startTimeInvalid });
  });

  it('shows a held slot as taken to everyone but the holder', async () => {
    const sessionId = randomUUID();
    await hold(t.app, sessionId, at(wednesday, '12:00'));
    expect((await slotsOn(t.app, wednesday)).get('staff-1@12:00')).toBe(false);
    expect((await slotsOn(t.app, wednesday, sessionId)).get('staff-1@12:00')).toBe(true);
  });

  it('frees a slot when its hold expires', async () => {
    const first = randomUUID();
    await hold(t.app, first, at(wednesday, '13:00'));
    t.advance(10);
    try {
      expect((await slotsOn(t.app, wednesday)).get('staff-1@13:00')).toBe(true);
      const res = await hold(t.app, randomUUID(), at(wednesday, '13:00'));
      expect(res.statusCode).toBe(201);
      expect(await holdsOf(first)).toEqual([]);
    } finally {
      t.advance(-10);
    }
  });

  it('renews for the session that made it: 404 for others, 410 once expired', async () => {
    const sessionId = randomUUID();
    const { reservationId } = (await hold(t.app, sessionId, at(wednesday, '14:00'))).json();
    const renew = (by: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/holds/${reservationId}`,
        payload: { sessionId: by },
      });
    t.advance(5);
    try {
      const renewed = await renew(sessionId);
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json().expiresAt).toBe('2026-11-23T09:15:00+11:00');
      const others = await renew(randomUUID());
      expect(others.statusCode).toBe(404);
      expect(others.json().error).toMatchObject({
        code: errorCodes.holdNotFound,
        message: bookingMessages.holdNotFound,
      });
      t.advance(10);
      const expired = await renew(sessionId);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error).toMatchObject({
        code: errorCodes.holdExpired,
        message: bookingMessages.holdExpired,
      });
    } finally {
      t.advance(-15);
    }
    const gone = await t.app.inject({
      method: 'PUT',
      url: `/api/holds/${randomUUID()}`,
      payload: { sessionId },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe(errorCodes.holdNotFound);
  });

  it('releases only for the session that made it', async () => {
    const sessionId = randomUUID();
    const { reservationId } = (await hold(t.app, sessionId, at(wednesday, '15:00'))).json();
    const release = (by: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/holds/${reservationId}?sessionId=${by}` });
    const others = await release(randomUUID());
    expect(others.statusCode).toBe(404);
    expect(others.json().error.code).toBe(errorCodes.holdNotFound);
    expect((await release(sessionId)).statusCode).toBe(204);
    expect((await release(sessionId)).statusCode).toBe(404);
    expect((await slotsOn(t.app, wednesday)).get('staff-1@15:00')).toBe(true);
  });
});
