import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { consultantCalendars, slotHolds } from './schema';

// A consultant's busy times from their own calendar (issue 29, ADR 053) as entries of the cached
// booking calendar (ADR 051): commitments of that consultant with no place and no expiry. Their
// one writer is the calendar-sync feature's busy-sync repository; a change of them notifies an
// empty availability_changed (trigger consultant_calendars_busy_changed), so every process reads
// the calendar again.

/**
 * The busy times overlapping [start, end), shaped as the bookings and holds branches of
 * readCalendarEntries so the three are one statement (one snapshot). With no calendar connected
 * the branch reads an empty table: no round trip is added to any request.
 */
export function busyEntryRows(db: Db, range: { start: Date; end: Date }) {
  const busyStart = sql`(busy_time.value->>'start')::timestamptz`;
  const busyEnd = sql`(busy_time.value->>'end')::timestamptz`;
  return db
    .select({
      key: sql<string>`'busy:' || ${consultantCalendars.consultantId} || ':' || busy_time.n`,
      staffId: consultantCalendars.consultantId,
      start: sql<Date>`${busyStart}`.mapWith(slotHolds.startTime),
      end: sql<Date>`${busyEnd}`.mapWith(slotHolds.endTime),
      sessionId: sql<string | null>`null::uuid`,
      expiresAt: sql<Date | null>`null::timestamptz`.mapWith(slotHolds.expiresAt),
      lat: sql<number | null>`null::double precision`,
      lng: sql<number | null>`null::double precision`,
    })
    .from(consultantCalendars)
    .crossJoinLateral(
      sql`jsonb_array_elements(${consultantCalendars.busy}) with ordinality as busy_time(value, n)`,
    )
    .where(sql`${busyStart} < ${range.end} and ${busyEnd} > ${range.start}`);
}
