import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  setStaff,
  staffOf,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { slotHolds } from '#server/db/schema/index.ts';

// On PostgreSQL these are real concurrent transactions (a pool of 10); PGlite runs them in turn.
describe('50 browsers holding one slot at once', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());

  async function race(startTime: string) {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => hold(t.app, randomUUID(), startTime)),
    );
    const won = results.filter((r) => r.statusCode === 201);
    const lost = results.filter((r) => r.statusCode !== 201);
    for (const r of lost) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toMatchObject({
        code: errorCodes.slotTaken,
        message: bookingMessages.slotTaken,
      });
    }
    return won.map((r) => r.json() as { staffId: string; reservationId: string });
  }

  it('gives the slot to exactly one with one staff member', async () => {
    const won = await race(at('2026-11-26', '10:00'));
    expect(won).toHaveLength(1);
  });

  it('gives it to exactly two with two staff members, one each', async () => {
    await setStaff(t.database.db, staffOf(2));
    try {
      const won = await race(at('2026-11-26', '11:00'));
      expect(won.map((w) => w.staffId).sort()).toEqual(['staff-1', 'staff-2']);
      const rows = await t.database.db.select().from(slotHolds);
      expect(
        rows.filter((r) => r.startTime.toISOString() === '2026-11-26T00:00:00.000Z'),
      ).toHaveLength(2);
    } finally {
      await setStaff(t.database.db, staffOf(1));
    }
  });
});
