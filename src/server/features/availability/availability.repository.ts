import { and, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

/**
 * Live bookings and unexpired holds overlapping [start, end), with each hold's session and expiry:
 * the cached calendar answers every session from one read (a session's own hold stays free to it)
 * and lets holds lapse by the clock.
 */
export async function readHorizonBusy(db: Db, range: { start: Date; end: Date }, now: Date) {
  const [bookingRows, holdRows] = await Promise.all([
    db
      .select({
        staffId: bookings.staffId,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
      })
      .from(bookings)
      .where(
        and(
          ne(bookings.status, 'cancelled'),
          // a lower bound on start_time keeps the scan on bookings_start_idx (slots are short)
          gt(bookings.startTime, new Date(range.start.getTime() - 24 * 3600_000)),
          lt(bookings.startTime, range.end),
          gt(bookings.endTime, range.start),
        ),
      ),
    db
      .select({
        staffId: slotHolds.staffId,
        startTime: slotHolds.startTime,
        endTime: slotHolds.endTime,
        sessionId: slotHolds.sessionId,
        expiresAt: slotHolds.expiresAt,
      })
      .from(slotHolds)
      .where(
        and(
          gt(slotHolds.expiresAt, now),
          lt(slotHolds.startTime, range.end),
          gt(slotHolds.endTime, range.start),
        ),
      ),
  ]);
  return { bookings: bookingRows, holds: holdRows };
}
