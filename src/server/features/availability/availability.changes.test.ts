import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  setSetting,
  slotsOn,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

// The cached calendar follows each changed booking and hold as the database notifies it (ADR 051),
// whoever wrote it: here the test writes the rows itself, as another process or a job would, and
// each read shows the change at once (PGlite applies it as the statement returns; on PostgreSQL
// the read waits for its marker on the listening connection). Clock: Monday 23 November 2026 09:00.
const [tuesday, wednesday] = ['2026-11-24', '2026-11-25'];
const half = 30 * 60_000;

describe('the cached calendar follows every change of a booking or hold', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());
  const free = async (date: string, time: string) =>
    (await slotsOn(t.app, date)).get(`staff-1@${time}`);

  it('takes a booking inserted behind its back, frees it when cancelled, moves it', async () => {
    expect(await free(tuesday, '10:00')).toBe(true); // the calendar is now cached
    const start = new Date(at(tuesday, '10:00'));
    const [row] = await t.database.db
      .insert(bookings)
      .values({
        staffId: 'staff-1',
        serviceType: 'phone',
        startTime: start,
        endTime: new Date(start.getTime() + half),
      })
      .returning({ id: bookings.id });
    expect(await free(tuesday, '10:00')).toBe(false);

    const moved = new Date(at(wednesday, '11:00'));
    await t.database.db
      .update(bookings)
      .set({ startTime: moved, endTime: new Date(moved.getTime() + half) })
      .where(eq(bookings.id, row!.id));
    expect([await free(tuesday, '10:00'), await free(wednesday, '11:00')]).toEqual([true, false]);

    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, row!.id));
    expect(await free(wednesday, '11:00')).toBe(true);
  });

  it('takes a hold and frees it when deleted, or once it lapses by the clock', async () => {
    const held = await hold(t.app, randomUUID(), at(tuesday, '13:00'));
    expect(held.statusCode, held.body).toBe(201);
    expect(await free(tuesday, '13:00')).toBe(false);
    await t.database.db.delete(slotHolds).where(eq(slotHolds.id, held.json().reservationId));
    expect(await free(tuesday, '13:00')).toBe(true);

    const again = await hold(t.app, randomUUID(), at(tuesday, '13:30'));
    expect(again.statusCode, again.body).toBe(201);
    expect(await free(tuesday, '13:30')).toBe(false);
    const saved = t.clock.now;
    t.clock.now = new Date(new Date(again.json().expiresAt).getTime() + 1000);
    try {
      expect(await free(tuesday, '13:30')).toBe(true);
    } finally {
      t.clock.now = saved;
    }
  });

  it('reads everything again when the rules change', async () => {
    expect(await free(tuesday, '08:00')).toBe(true);
    await setSetting(t.database.db, 'first_slot', '09:00');
    try {
      expect(await free(tuesday, '08:00')).toBeUndefined();
    } finally {
      await setSetting(t.database.db, 'first_slot', '08:00');
    }
    expect(await free(tuesday, '08:00')).toBe(true);
  });
});
