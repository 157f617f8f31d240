import { eq } from 'drizzle-orm';
import * as changes from '#server/db/booking-writes.ts';
import { namedByManageToken } from '#server/db/booking-lookups.ts';
import { type BookingRow, type HoldRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, customers, leads } from '#server/db/schema/index.ts';

/**
 * The booking of a manage token (by its sha256) with the customer's first name: the link given at
 * booking, or one minted for an e-mail (booking_manage_links).
 */
export async function findByTokenHash(db: Db, hash: string) {
  const [row] = await db
    .select({
      booking: bookings,
      firstName: customers.firstName,
      address: customers.address,
      leadData: leads.data,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(leads, eq(leads.id, bookings.leadId))
    .where(namedByManageToken(db, hash))
    .limit(1);
  return row ?? null;
}

/** Moves the booking to the held slot (db/booking-writes.ts: the same as a staff move). */
export function moveBooking(
  tx: Db,
  booking: BookingRow,
  hold: HoldRow,
  sessionId: string,
  now: Date,
) {
  return changes.moveBooking(tx, booking, hold, { sessionId }, now);
}

/** A new consultation type and notes (db/booking-writes.ts: recorded in the history). */
export function changeDetails(
  tx: Db,
  booking: BookingRow,
  details: { serviceType: string; notes: string | null },
  sessionId: string | null,
  now: Date,
) {
  return changes.changeBookingDetails(tx, booking, details, { sessionId }, now);
}

/** Cancels a live booking that has not started; null when it is cancelled already or started. */
export function cancelBooking(tx: Db, id: string, now: Date) {
  return changes.cancelBooking(tx, id, now, { sessionId: null });
}
