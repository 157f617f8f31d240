import { and, desc, eq, gt, lt, lte, ne, or, sql } from 'drizzle-orm';
import { inTransaction, lockStaffSlots, type HoldRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

export interface NewHold {
  staffId: string;
  startTime: Date;
  endTime: Date;
  sessionId: string;
  expiresAt: Date;
  serviceType: string | null;
  visitLat: number | null;
  visitLng: number | null;
}

class SlotBooked extends Error {}

/** Rows of the same staff member whose [start, end) overlaps the hold's. */
const overlapping = (
  table: typeof slotHolds | typeof bookings,
  hold: Pick<NewHold, 'staffId' | 'startTime' | 'endTime'>,
) =>
  and(
    eq(table.staffId, hold.staffId),
    lt(table.startTime, hold.endTime),
    gt(table.endTime, hold.startTime),
  );

/**
 * One transaction, with the session and then the staff member locked (lockStaffSlots): when
 * `stillFree` still offers the slot, the session's previous hold and the expired holds in the way go, the new hold goes in (one
 * overlapping another hold of the same staff member fails on slot_holds_no_overlap, and the
 * exclusion violation is thrown), and a live booking overlapping it undoes it all (null).
 * Ranges, not start times: the slot grid may have changed (ADR 013).
 */
export async function placeHold(
  db: Db,
  hold: NewHold,
  now: Date,
  stillFree: (tx: Db) => Promise<boolean>,
): Promise<HoldRow | null> {
  try {
    return await inTransaction(db, async (tx) => {
      // one hold per session even when a browser sends two at once
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${hold.sessionId}))`);
      await lockStaffSlots(tx, hold.staffId);
      // the drives to and from onsite visits are no constraint of the database: under the lock,
      // nothing of this consultant's changes while their day is worked out again (issue 28)
      if (!(await stillFree(tx))) throw new SlotBooked();
      await tx.delete(slotHolds).where(
        or(
          eq(slotHolds.sessionId, hold.sessionId),
          // slot_holds_no_overlap counts expired holds too: the constraint cannot ask the clock
          and(overlapping(slotHolds, hold), lte(slotHolds.expiresAt, now)),
        ),
      );
      const [row] = await tx.insert(slotHolds).values(hold).returning();
      // Checked after the insert: a booking is made by spending an overlapping hold, which the
      // insert above waited for, so a booking committed meanwhile is seen here (ADR 013).
      const [booked] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(overlapping(bookings, hold), ne(bookings.status, 'cancelled')))
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

/** The session's hold, live or expired (a session has at most one: placeHold replaces it). */
export async function findLatestSessionHold(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(slotHolds)
    .where(eq(slotHolds.sessionId, sessionId))
    .orderBy(desc(slotHolds.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Brings the expiry of a session's hold forward to `until` (never later than it was). With
 * `seenExpiry`, only while the hold has not been renewed since that expiry was answered (answers
 * carry whole seconds, hence the second of slack): a reloaded page that took the hold back first
 * keeps it. False when the hold is not the session's.
 */
export async function shortenSessionHold(
  db: Db,
  ids: { reservationId: string; sessionId: string },
  until: Date,
  seenExpiry: Date | undefined,
): Promise<boolean> {
  const mine = and(eq(slotHolds.id, ids.reservationId), eq(slotHolds.sessionId, ids.sessionId));
  const [found] = await db.select({ id: slotHolds.id }).from(slotHolds).where(mine).limit(1);
  if (!found) return false;
  await db
    .update(slotHolds)
    .set({ expiresAt: sql`least(${slotHolds.expiresAt}, ${until.toISOString()}::timestamptz)` })
    .where(
      and(
        mine,
        seenExpiry ? lt(slotHolds.expiresAt, new Date(seenExpiry.getTime() + 1000)) : undefined,
      ),
    );
  return true;
}
