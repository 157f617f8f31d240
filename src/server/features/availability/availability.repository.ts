import { and, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

/**
 * Live bookings and unexpired holds overlapping [start, end), with each hold's session and expiry:
 * the cached calendar answers every session from one read (a session's own hold stays free to it)
 * and lets holds lapse by the clock. Both from one snapshot (a read-only repeatable-read
 * transaction): read apart, a booking committing between the two reads (its hold deleted, the
 * booking inserted) would be in neither, and its slot shown free (ADR 028).
 */
export function readHorizonBusy(db: Db, range: { start: Date; end: Date }, now: Date) {
  return db.transaction((tx) => readBusy(tx, range, now), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function readBusy(db: Db, range: { start: Date; end: Date }, now: Date) {
  const bookingRows = await db
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
    );
  const holdRows = await db
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
    );
  return { bookings: bookingRows, holds: holdRows };
}
