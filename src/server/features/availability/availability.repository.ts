import { and, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';
import type { CalendarEntry } from '#server/lib/calendar-change.ts';

/**
 * Live bookings and unexpired holds overlapping [start, end), keyed as the calendar's row
 * notifications name them (ADR 051), times as epoch ms. One statement, so one snapshot: a booking
 * committing while it runs (its hold deleted, the booking inserted) is seen whole or not at all
 * (ADR 028, ADR 036).
 */
export async function readCalendarEntries(
  db: Db,
  range: { start: Date; end: Date },
  now: Date,
): Promise<Map<string, CalendarEntry>> {
  const bookingRows = db
    .select({
      key: sql<string>`'booking:' || ${bookings.id}`,
      staffId: bookings.staffId,
      start: bookings.startTime,
      end: bookings.endTime,
      // a booking has neither; the hold branch below fills them (a hold always has an expiry)
      sessionId: sql<string | null>`null::uuid`,
      expiresAt: sql<Date | null>`null::timestamptz`.mapWith(slotHolds.expiresAt),
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
  const holdRows = db
    .select({
      key: sql<string>`'hold:' || ${slotHolds.id}`,
      staffId: slotHolds.staffId,
      start: slotHolds.startTime,
      end: slotHolds.endTime,
      sessionId: slotHolds.sessionId,
      expiresAt: slotHolds.expiresAt,
    })
    .from(slotHolds)
    .where(
      and(
        // slot_holds_expires_idx: only the few holds of the last minutes are live
        gt(slotHolds.expiresAt, now),
        lt(slotHolds.startTime, range.end),
        gt(slotHolds.endTime, range.start),
      ),
    );
  const rows = await bookingRows.unionAll(holdRows);
  return new Map(
    rows.map(({ key, staffId, start, end, sessionId, expiresAt }) => [
      key,
      {
        staffId,
        start: start.getTime(),
        end: end.getTime(),
        sessionId,
        expiresAt: expiresAt?.getTime() ?? null,
      },
    ]),
  );
}
