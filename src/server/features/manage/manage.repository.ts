import { and, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { bookingActivity, type BookingRow, type HoldRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import {
  activities,
  bookingManageLinks,
  bookings,
  customers,
} from '#server/db/schema/index.ts';

/**
 * The booking of a manage token (by its sha256) with the customer's first name: the link given at
 * booking, or one minted for an e-mail (booking_manage_links).
 */
export async function findByTokenHash(db: Db, hash: string) {
  const [row] = await db
    .select({ booking: bookings, firstName: customers.firstName })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      or(
        eq(bookings.manageTokenHash, hash),
        inArray(
          bookings.id,
          db
            .select({ id: bookingManageLinks.bookingId })
            .from(bookingManageLinks)
            .where(eq(bookingManageLinks.tokenHash, hash)),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

const when = (b: Pick<BookingRow, 'staffId' | 'startTime' | 'endTime'>) => ({
  staffId: b.staffId,
  startTime: b.startTime.toISOString(),
  endTime: b.endTime.toISOString(),
});

/**
 * Moves a live booking to the held slot, in place (its id and token stay). Null when the booking
 * changed meanwhile (cancelled or moved); an exclusion violation when the slot overlaps another
 * live booking (bookings_no_overlap). A moved booking is checked like any other (ADR 013).
 */
export async function moveBooking(tx: Db, booking: BookingRow, hold: HoldRow, sessionId: string) {
  const [row] = await tx
    .update(bookings)
    .set({
      staffId: hold.staffId,
      startTime: hold.startTime,
      endTime: hold.endTime,
      legacyOverlap: false,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, booking.id),
        ne(bookings.status, 'cancelled'),
        eq(bookings.startTime, booking.startTime),
        eq(bookings.staffId, booking.staffId),
      ),
    )
    .returning();
  if (!row) return null;
  const data = { from: when(booking), to: when(row) };
  await tx.insert(activities).values(bookingActivity('booking_rescheduled', row, data, sessionId));
  return row;
}

/** Cancels a live booking that has not started; null when it is cancelled already or started. */
export async function cancelBooking(tx: Db, id: string, now: Date) {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(bookings.id, id), ne(bookings.status, 'cancelled'), gt(bookings.startTime, now)))
    .returning();
  if (!row) return null;
  await tx.insert(activities).values(bookingActivity('booking_cancelled', row, when(row)));
  return row;
}
