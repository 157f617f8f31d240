import { randomUUID } from 'node:crypto';
import { ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  at,
  book,
  holdAndBook,
  insertLeads,
  readyToBook,
  setSetting,
  useBookingApp,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

// Slots of one grid never overlap, but after an admin changes the slot length or the first slot,
// old bookings and new slots can. The availability check runs before the write, so a request that
// read the slots just before another's booking committed gets past it: the holds such a race
// leaves are written straight to the table here, and the database itself must refuse (ADR 013).
const wednesday = '2026-11-25';

describe('after a grid change, no booking overlaps another of the same staff member', () => {
  let t: BookingTestApp;
  useBookingApp((app) => (t = app), { resetGrid: true });

  async function holdInTable(sessionId: string, startTime: string, minutes: number) {
    const start = new Date(startTime);
    const [row] = await t.database.db
      .insert(slotHolds)
      .values({
        sessionId,
        staffId: 'staff-1',
        startTime: start,
        endTime: new Date(start.getTime() + minutes * 60_000),
        expiresAt: new Date(t.clock.now.getTime() + 10 * 60_000),
      })
      .returning();
    return row?.id ?? '';
  }

  async function overlappingPairs() {
    const live = await t.database.db
      .select()
      .from(bookings)
      .where(ne(bookings.status, 'cancelled'));
    return live.flatMap((a) =>
      live.filter(
        (b) =>
          a.id < b.id &&
          a.staffId === b.staffId &&
          a.startTime < b.endTime &&
          b.startTime < a.endTime,
      ),
    );
  }

  const slotTaken = { code: errorCodes.slotTaken, message: bookingMessages.slotTaken };

  it('refuses a 45-minute slot over a 30-minute booking with 409, never a 500', async () => {
    const first = await readyToBook(t.app);
    await holdAndBook(t.app, first.sessionId, at(wednesday, '10:00'));
    // 45-minute slots from 08:00: 09:30–10:15 overlaps the 10:00–10:30 booking
    await setSetting(t.database.db, 'slot_minutes', 45);
    const [second = ''] = await insertLeads(t.database.db, 1);
    const reservationId = await holdInTable(second, at(wednesday, '09:30'), 45);

    const res = await book(t.app, { sessionId: second, reservationId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject(slotTaken);
    expect(await overlappingPairs()).toEqual([]);
  });

  it('refuses to move a booking onto a slot of the new grid that overlaps another', async () => {
    const first = await readyToBook(t.app);
    await holdAndBook(t.app, first.sessionId, at(wednesday, '13:00'));
    const second = await readyToBook(t.app);
    const moving = await holdAndBook(t.app, second.sessionId, at(wednesday, '15:00'));
    // the first slot moves to 08:15: 12:45–13:15 overlaps the 13:00–13:30 booking
    await setSetting(t.database.db, 'first_slot', '08:15');
    const sessionId = randomUUID();
    const reservationId = await holdInTable(sessionId, at(wednesday, '12:45'), 30);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${moving.manageToken}/reschedule`,
      payload: { sessionId, reservationId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject(slotTaken);
    expect(await overlappingPairs()).toEqual([]);
  });
});
