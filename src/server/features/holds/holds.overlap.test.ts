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
import { isExclusionViolation, isUniqueViolation } from '#server/db/errors.ts';
import { slotHolds } from '#server/db/schema/index.ts';
import { placeHold } from './holds.repository';

// After an admin changes the slot length, a slot of the new grid can overlap a hold or booking
// made on the old one. The availability check runs before the write, so two requests that read
// the slots at once both get past it: placeHold is called directly here, as such a race would
// reach it, and the database itself must keep holds of one staff member apart (ADR 013).
const thursday = '2026-11-26';

describe('after a grid change, no hold overlaps another hold or a booking', () => {
  let t: BookingTestApp;
  useBookingApp((app) => (t = app), { resetGrid: true });

  /** A hold of staff-1 from `time` for `minutes`, made the way the holds service makes one. */
  const place = (time: string, minutes: number, sessionId = randomUUID()) => {
    const start = new Date(at(thursday, time));
    const hold = {
      staffId: 'staff-1',
      startTime: start,
      endTime: new Date(start.getTime() + minutes * 60_000),
      sessionId,
      expiresAt: new Date(t.clock.now.getTime() + 10 * 60_000),
      serviceType: null,
      visitLat: null,
      visitLng: null,
    };
    // the database's constraints alone: the calendar's own check always lets it through
    return placeHold(t.database.db, hold, t.clock.now, async () => true);
  };
  const isSlotConflict = (err: unknown) => isExclusionViolation(err) || isUniqueViolation(err);

  it('refuses a hold over another unexpired hold of the same staff member', async () => {
    expect((await hold(t.app, randomUUID(), at(thursday, '10:00'))).statusCode).toBe(201);
    await setSetting(t.database.db, 'slot_minutes', 45);
    // 09:30–10:15 overlaps the 10:00–10:30 hold
    await expect(place('09:30', 45)).rejects.toSatisfy(isExclusionViolation);
    // and through the API it is the taken-slot answer
    expect((await hold(t.app, randomUUID(), at(thursday, '09:30'))).statusCode).toBe(409);
  });

  it('lets a hold take the place of an expired hold it overlaps', async () => {
    const old = await hold(t.app, randomUUID(), at(thursday, '12:00'));
    await setSetting(t.database.db, 'slot_minutes', 45);
    const started = t.clock.now;
    t.advance(11);
    try {
      // 11:45–12:30 overlaps the expired 12:00–12:30 hold, which goes
      expect(await place('11:45', 45)).toMatchObject({ staffId: 'staff-1' });
      const gone = await t.database.db
        .select()
        .from(slotHolds)
        .where(eq(slotHolds.id, old.json().reservationId));
      expect(gone).toEqual([]);
    } finally {
      t.clock.now = started;
    }
  });

  it('refuses a hold over a live booking of the same staff member', async () => {
    const ready = await readyToBook(t.app);
    await holdAndBook(t.app, ready.sessionId, at(thursday, '14:30'));
    await setSetting(t.database.db, 'slot_minutes', 45);
    // 14:00–14:45 overlaps the 14:30–15:00 booking
    expect(await place('14:00', 45)).toBeNull();
  });

  it('gives one of two overlapping slots to exactly one of 50 browsers at once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? place('16:00', 30) : place('15:30', 45))),
    );
    const won = results.filter((r) => r.status === 'fulfilled' && r.value);
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    expect(lost.every(isSlotConflict)).toBe(true);
  });
});
