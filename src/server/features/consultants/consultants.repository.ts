import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { ConsultantRow } from '#server/db/consultant-store.ts';
import { bookings, consultants } from '#server/db/schema/index.ts';

// The one writer of `consultants` (issue 28). Readers: db/consultant-store.ts.

export type ConsultantValues = Omit<typeof consultants.$inferInsert, 'createdAt' | 'updatedAt'>;

export async function findConsultant(db: Db, id: string): Promise<ConsultantRow | null> {
  const [row] = await db.select().from(consultants).where(eq(consultants.id, id)).limit(1);
  return row ?? null;
}

export async function insertConsultant(db: Db, values: ConsultantValues): Promise<ConsultantRow> {
  const [row] = await db.insert(consultants).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateConsultant(
  db: Db,
  id: string,
  change: Partial<ConsultantValues>,
): Promise<ConsultantRow | null> {
  const [row] = await db
    .update(consultants)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(consultants.id, id))
    .returning();
  return row ?? null;
}

export async function deleteConsultant(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(consultants)
    .where(eq(consultants.id, id))
    .returning({ id: consultants.id });
  return deleted.length > 0;
}

/** Their live bookings that have not ended, soonest first (at most `limit`), and how many. */
export async function futureBookingsOf(db: Db, id: string, now: Date, limit: number) {
  const where = and(
    eq(bookings.staffId, id),
    ne(bookings.status, 'cancelled'),
    gte(bookings.endTime, now),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: bookings.id, startTime: bookings.startTime })
      .from(bookings)
      .where(where)
      .orderBy(asc(bookings.startTime))
      .limit(limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(bookings)
      .where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}
