import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { activities, customers, leads, leadVisits, utmCaptures } from '#server/db/schema/index.ts';
import type { Json } from '#server/db/schema/columns.ts';

// A returning customer's later sessions continue their open lead (ADR 043).

export type LeadVisitRow = typeof leadVisits.$inferSelect;
export type CustomerRecord = typeof customers.$inferSelect;

/** The activity a continued lead gets on its timeline (the customer came back). */
export const cameBackAction = 'came_back';

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function sessionHasOwnLead(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(eq(leads.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

export async function findVisitBySession(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(leadVisits)
    .where(eq(leadVisits.sessionId, sessionId))
    .limit(1);
  return row ?? null;
}

export async function findCustomer(db: Db, id: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row ?? null;
}

/**
 * The open lead (not won or lost, created at or after `since`) of another record with this
 * record's e-mail or phone: the lead's own customer, or one a visit of the lead typed. The
 * newest one wins. Erased people are never found (they stay erased). A phone is compared on its
 * last 9 digits ('0412 345 678' and '+61 412 345 678' are one number), and only when it has 8.
 */
export async function findOpenLeadOf(db: Db, own: CustomerRecord, since: Date) {
  const digits = (own.phone ?? '').replace(/\D/g, '');
  const samePhone =
    digits.length >= 8 ? sql`right(c.phone_digits, 9) = right(${digits}, 9)` : sql`false`;
  const [row] = await rows<{ id: string }>(
    db,
    sql`with matched as (
        select c.id from ${customers} c
        where c.erased_at is null and c.id <> ${own.id}
          and (c.email = ${own.email.toLowerCase()} or ${samePhone})),
      candidates as (
        select l.id from ${leads} l where l.customer_id in (select id from matched)
        union select v.lead_id from ${leadVisits} v where v.customer_id in (select id from matched))
      select l.id from ${leads} l join ${customers} lc on lc.id = l.customer_id
      where l.id in (select id from candidates) and lc.erased_at is null
        and l.stage not in ('won', 'lost') and l.created_at >= ${since.toISOString()}::timestamptz
      order by l.created_at desc, l.id desc limit 1`,
  );
  return row?.id ?? null;
}

/**
 * Keeps the visit of this session (a re-sent submission updates what it typed); `created` says
 * whether this call made it. The lead is locked first, so a merge or erase waits.
 */
export async function saveVisit(
  tx: Db,
  visit: {
    leadId: string;
    sessionId: string;
    customerId: string;
    details: Json;
    attribution: Json;
  },
  now: Date,
) {
  const [row] = await tx
    .insert(leadVisits)
    .values({ ...visit, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: leadVisits.sessionId,
      set: { details: visit.details, customerId: visit.customerId, updatedAt: sql`now()` },
    })
    // xmax is 0 on a row this statement inserted (PostgreSQL and PGlite alike)
    .returning({ ...getTableColumns(leadVisits), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('upsert returned no row');
  const { created, ...visitRow } = row;
  return { row: visitRow, created };
}

export { markLeadReturned } from '#server/db/lead-writes.ts';

export function recordCameBack(
  tx: Db,
  entry: { leadId: string; sessionId: string; customerId: string | null; data: Json; now: Date },
) {
  return tx.insert(activities).values({
    action: cameBackAction,
    eventType: 'customer',
    leadId: entry.leadId,
    sessionId: entry.sessionId,
    customerId: entry.customerId,
    data: entry.data as Record<string, unknown>,
    timestamp: entry.now,
  });
}

/** The visit's landings so far name the lead: they are its last touch. */
export function linkVisitCaptures(tx: Db, sessionId: string, leadId: string) {
  return tx
    .update(utmCaptures)
    .set({ leadId })
    .where(and(eq(utmCaptures.sessionId, sessionId), sql`${utmCaptures.leadId} is null`));
}

export function visitsOfLead(db: Db, leadId: string) {
  return db
    .select()
    .from(leadVisits)
    .where(eq(leadVisits.leadId, leadId))
    .orderBy(desc(leadVisits.createdAt), desc(leadVisits.id))
    .limit(50);
}

export async function lockVisit(tx: Db, leadId: string, visitId: string) {
  const [row] = await tx
    .select()
    .from(leadVisits)
    .where(and(eq(leadVisits.id, visitId), eq(leadVisits.leadId, leadId)))
    .for('update');
  return row ?? null;
}

export function markAccepted(tx: Db, visitId: string, staffName: string, now: Date) {
  return tx
    .update(leadVisits)
    .set({ acceptedAt: now, acceptedBy: staffName, updatedAt: now })
    .where(eq(leadVisits.id, visitId));
}

export async function updateCustomer(
  tx: Db,
  id: string,
  details: Partial<typeof customers.$inferInsert>,
  now: Date,
) {
  const [row] = await tx
    .update(customers)
    .set({ ...details, updatedAt: now })
    .where(eq(customers.id, id))
    .returning();
  return row ?? null;
}

export async function leadCustomerId(tx: Db, leadId: string) {
  const [row] = await tx
    .select({ customerId: leads.customerId })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row?.customerId ?? null;
}

/** Serialises the first submissions of one e-mail until the transaction ends. */
export async function lockPerson(tx: Db, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${email.toLowerCase()}`}))`);
}
