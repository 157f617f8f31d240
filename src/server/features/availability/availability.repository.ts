import type { Db } from '#server/db/client.ts';
import { readBusy } from '#server/db/booking-store.ts';

/**
 * Live bookings and unexpired holds overlapping [start, end), with each hold's session and expiry:
 * the cached calendar answers every session from one read (a session's own hold stays free to it)
 * and lets holds lapse by the clock. One statement, so one snapshot: a booking committing while it
 * runs (its hold deleted, the booking inserted) is seen whole or not at all (ADR 028, ADR 036).
 */
export function readHorizonBusy(db: Db, range: { start: Date; end: Date }, now: Date) {
  return readBusy(db, range, now);
}
