import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { inTransaction, type HoldRow } from '../../db/booking-store';
import type { Db } from '../../db/client';
import { bookings, slotHolds } from '../../db/schema';

export interface NewHold {
  staffId: string;
  startTime: Date;
  endTime: Date;
  sessionId: string;
  expiresAt: Date;
}

class SlotBooked extends Error {}

/**
 * One transaction: the session's previous hold and any expired hold of the slot go, the new hold
 * goes in (a concurrent hold of the same staff member and start fails on slot_holds_slot_uq and
 * the error is thrown), and a live booking of the slot undoes it all (null).
 */
export async function placeHold(db: Db, hold: NewHold, now: Date): Promise<HoldRow | null> {
  try {
    return await inTransaction(db, async (tx) => {
      // one hold per session even when a browser sends two at once
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${hold.sessionId}))`);
      await tx
        .delete(slotHolds)
        .where(
          or(
            eq(slotHolds.sessionId, hold.sessionId),
            and(
              eq(slotHolds.staffId, hold.staffId),
              eq(slotHolds.startTime, hold.startTime),
              lte(slotHolds.expiresAt, now),
            ),
          ),
        );
      const [row] = await tx.insert(slotHolds).values(hold).returning();
      // checked after the insert: a booking committed before it is seen here (bookings_live_slot_uq)
      const [booked] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.staffId, hold.staffId),
            eq(bookings.startTime, hold.startTime),
            ne(bookings.status, 'cancelled'),
          ),
        )
        .limit(1);
      if (booked || !row) throw new SlotBooked();
      return row;
    });
  } catch (err) {
    if (err instanceof SlotBooked) return null;
    throw err;
  }
}

/** Pushes the expiry of a session's unexpired hold; null when there is none. */
export async function extendHold(
  db: Db,
  ids: { reservationId: string; sessionId: string },
  now: Date,
  expiresAt: Date,
): Promise<HoldRow | null> {
  const [row] = await db
    .update(slotHolds)
    .set({ expiresAt })
    .where(
      and(
        eq(slotHolds.id, ids.reservationId),
        eq(slotHolds.sessionId, ids.sessionId),
        gt(slotHolds.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findSessionHold(db: Db, ids: { reservationId: string; sessionId: string }) {
  const [row] = await db
    .select()
    .from(slotHolds)
    .where(and(eq(slotHolds.id, ids.reservationId), eq(slotHolds.sessionId, ids.sessionId)))
    .limit(1);
  return row ?? null;
}

export async function deleteSessionHold(
  db: Db,
  ids: { reservationId: string; sessionId: string },
): Promise<boolean> {
  const rows = await db
    .delete(slotHolds)
    .where(and(eq(slotHolds.id, ids.reservationId), eq(slotHolds.sessionId, ids.sessionId)))
    .returning({ id: slotHolds.id });
  return rows.length > 0;
}
