import { addDays, wallClock } from '#shared/booking/calendar.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import { findBusy, type BookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';

/** Instants from the start of `from` to the end of `to` (days in the rules' time zone). */
export function rangeOf(from: string, to: string, timezone: string) {
  return {
    start: new Date(wallClock(from, 0, timezone)),
    end: new Date(wallClock(addDays(to, 1), 0, timezone)),
  };
}

/**
 * The days of [from, to] under these rules and staff, with the live bookings and holds: what a
 * customer sees. The admin's preview of draft rules reads the same calendar through here.
 */
export async function slotDays(
  db: Db,
  { rules, staff }: BookingSetup,
  { from, to }: { from: string; to: string },
  now: Date,
  exceptSessionId?: string,
): Promise<BookingDay[]> {
  const busy = await findBusy(db, rangeOf(from, to, rules.timezone), now, exceptSessionId);
  return generateSlots({ rules, staff, ...busy, now, from, to });
}
