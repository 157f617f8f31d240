import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  book,
  createBookingTestApp,
  hold,
  insertLeads,
  setStaff,
  staffOf,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

// On PostgreSQL these are real concurrent transactions (a pool of 10); PGlite runs them in turn.
const friday = '2026-11-27';
const liveAt = async (t: BookingTestApp, startTime: string) =>
  (await t.database.db.select().from(bookings)).filter(
    (b) => b.status !== 'cancelled' && b.startTime.getTime() === Date.parse(startTime),
  );

async function expectOnlyWinners(
  results: { statusCode: number; json(): unknown }[],
  count: number,
) {
  const codes = results.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 201)).toHaveLength(count);
  expect(codes.filter((c) => c === 409)).toHaveLength(results.length - count);
  for (const r of results.filter((x) => x.statusCode === 409)) {
    expect(r.json()).toMatchObject({
      error: { code: errorCodes.slotTaken, message: bookingMessages.slotTaken },
    });
  }
}

describe('50 sessions booking one slot at once', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());

  async function holdThenBook(startTime: string, staffCount: number) {
    await setStaff(t.database.db, staffOf(staffCount));
    const sessions = await insertLeads(t.database.db, 50);
    const holds = await Promise.all(sessions.map((s) => hold(t.app, s, startTime)));
    expect(holds.filter((h) => h.statusCode === 201)).toHaveLength(staffCount);
    // everyone tries: the winners with their hold, the others with a reservation they never got
    const results = await Promise.all(
      sessions.map((sessionId, i) => {
        const held = holds[i]?.statusCode === 201 ? holds[i]?.json().reservationId : randomUUID();
        return book(t.app, { sessionId, reservationId: held });
      }),
    );
    await expectOnlyWinners(results, staffCount);
    expect(await liveAt(t, startTime)).toHaveLength(staffCount);
  }

  it('books it once with one staff member', async () => {
    await holdThenBook(at(friday, '10:00'), 1);
  });

  it('books it twice with two staff members', async () => {
    await holdThenBook(at(friday, '11:00'), 2);
  });
});

// The holds constraint normally stops a second hold of a slot. Here it is dropped (in this test's
// throwaway database only) so 50 valid holds of one slot exist and reach the booking insert
// together: the bookings constraint (bookings_no_overlap, ADR 013) alone decides.
describe('the bookings constraint alone against 50 holds of one slot', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
    await t.database.db.execute(sql`alter table slot_holds drop constraint slot_holds_no_overlap`);
  });
  afterAll(() => t.close());

  async function race(startTime: string, staffCount: number) {
    const sessions = await insertLeads(t.database.db, 50);
    const start = new Date(startTime);
    const rows = await t.database.db
      .insert(slotHolds)
      .values(
        sessions.map((sessionId, i) => ({
          sessionId,
          staffId: `staff-${(i % staffCount) + 1}`,
          startTime: start,
          endTime: new Date(start.getTime() + 30 * 60_000),
          expiresAt: new Date(t.clock.now.getTime() + 10 * 60_000),
        })),
      )
      .returning();
    const results = await Promise.all(
      rows.map((h) => book(t.app, { sessionId: h.sessionId ?? '', reservationId: h.id })),
    );
    await expectOnlyWinners(results, staffCount);
    expect(await liveAt(t, startTime)).toHaveLength(staffCount);
  }

  it('lets exactly one through with one staff member', async () => {
    await race(at(friday, '14:00'), 1);
  });

  it('lets exactly two through with two staff members', async () => {
    await race(at(friday, '15:00'), 2);
  });

  it('frees the slot again once the booking is cancelled', async () => {
    const startTime = at(friday, '16:00');
    await race(startTime, 1);
    const [live] = await liveAt(t, startTime);
    await t.database.db.execute(
      sql`update bookings set status = 'cancelled' where id = ${live?.id ?? ''}`,
    );
    await race(startTime, 1);
  });
});
