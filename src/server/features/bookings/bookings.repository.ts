import { eq, sql } from 'drizzle-orm';
import { bookingActivity, type BookingRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { activities, bookings, leads, promoCodes, sessions } from '#server/db/schema/index.ts';

export type NewBooking = Omit<typeof bookings.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function findLeadForSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({ id: leads.id, customerId: leads.customerId, data: leads.data })
    .from(leads)
    .where(eq(leads.sessionId, sessionId))
    .limit(1);
  return row ?? null;
}

export async function findBookingById(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

export async function findBookingByIdempotencyKey(db: Db, key: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export { findPromoCodeByCode as findPromoCode } from '#server/db/promo-code-store.ts';

/**
 * Throws an exclusion violation when a live booking of the staff member overlaps
 * (bookings_no_overlap, ADR 013), a unique violation when the idempotency key is reused.
 */
export async function insertBooking(tx: Db, booking: NewBooking): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(booking).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Counts one use of a promo code; false when its usage limit is reached. */
export async function countPromoUse(tx: Db, code: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ usageCount: sql`${promoCodes.usageCount} + 1`, updatedAt: sql`now()` })
    .where(
      sql`lower(${promoCodes.code}) = lower(${code}) and (${promoCodes.usageLimit} is null or ${promoCodes.usageCount} < ${promoCodes.usageLimit})`,
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/** The lead is booked, the session's booking completed (spec §3 Session record), both recorded. */
export async function recordBooked(
  tx: Db,
  booking: BookingRow,
  ids: { leadId: string; sessionId: string },
  now: Date,
) {
  await tx
    .update(leads)
    .set({
      stage: 'booked',
      data: sql`${leads.data} || ${JSON.stringify({ bookingId: booking.id })}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, ids.leadId));
  await tx
    .insert(sessions)
    .values({
      id: ids.sessionId,
      bookingCompleted: true,
      bookingCompletedAt: now,
      bookingData: { bookingId: booking.id },
    })
    .onConflictDoUpdate({
      target: sessions.id,
      set: {
        bookingCompleted: true,
        bookingCompletedAt: now,
        bookingData: sql`coalesce(${sessions.bookingData}, '{}'::jsonb) || excluded.booking_data`,
        lastActivity: sql`now()`,
        updatedAt: sql`now()`,
      },
    });
  const when = { staffId: booking.staffId, startTime: booking.startTime.toISOString() };
  await tx
    .insert(activities)
    .values(bookingActivity('booking_created', booking, when, ids.sessionId));
}

export async function updateTrakJobId(db: Db, id: string, trakJobId: string | null) {
  const [row] = await db
    .update(bookings)
    .set({ trakJobId, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  return row ?? null;
}
