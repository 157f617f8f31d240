import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { customers } from './schema';

// Customer records made by the booking flow (one per browser session, ADR 012) and by staff for a
// customer who phoned in (issue 28). Merging and erasure change them in their own features.

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerDetails = Omit<
  CustomerRow,
  | 'id'
  | 'createdBySessionId'
  | 'possibleDuplicateOf'
  | 'phoneDigits'
  | 'erasedAt'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The record a record with this e-mail may duplicate: the oldest other one that is not itself
 * marked (two sessions racing can commit in the other order than they started).
 */
const firstWithEmail = (email: string, self: typeof customers.id | null) =>
  sql`(select c.id from ${customers} c where c.email = ${email}${
    self ? sql` and c.id <> ${self}` : sql``
  } order by c.possible_duplicate_of is not null, c.created_at, c.id limit 1)`;

/**
 * Saves a contact submission as the record of the browser session that sent it (ADR 012): the
 * session's first submission inserts, a re-sent or corrected one updates that same record. A
 * record whose e-mail another record had first points at it (`possible_duplicate_of`) for staff;
 * no other session's record is ever read back or changed. Without a session id every
 * submission is a record of its own.
 */
export async function saveSessionCustomer(
  db: Db,
  details: CustomerDetails,
  sessionId: string | null,
): Promise<CustomerRow> {
  return db.transaction(async (tx) => {
    // Two sessions sending one new e-mail at once: the second waits, then sees the first's record.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer:${details.email}`}))`);
    const [row] = await tx
      .insert(customers)
      .values({
        ...details,
        createdBySessionId: sessionId,
        possibleDuplicateOf: firstWithEmail(details.email, null),
      })
      .onConflictDoUpdate({
        target: customers.createdBySessionId,
        set: {
          ...details,
          possibleDuplicateOf: firstWithEmail(details.email, customers.id),
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('upsert returned no row');
    return row;
  });
}

/**
 * A record staff make for a customer who phoned in (issue 28): no browser session owns it. An
 * e-mail another record had first points at that record for staff to merge; '' is none given.
 */
export async function insertStaffCustomer(tx: Db, details: CustomerDetails): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({
      ...details,
      createdBySessionId: null,
      possibleDuplicateOf: details.email ? firstWithEmail(details.email, null) : null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
