import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { isLeadOfSession } from '#server/db/lead-of-session.ts';
import type { Db } from '#server/db/client.ts';
import { leads, sessions, utmCaptures } from '#server/db/schema/index.ts';

export type CaptureRow = typeof utmCaptures.$inferSelect;
export type NewCapture = typeof utmCaptures.$inferInsert;

/**
 * The person a browser session belongs to: its own customer, or (a fresh session made after a
 * booking or an expiry) the customer of the session it replaced; and that session's lead.
 */
export async function customerOfSession(db: Db, sessionId: string) {
  const rows = await db
    .select({ customerId: sessions.customerId, previous: sessions.previousBookingSessionId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  let customerId = rows[0]?.customerId ?? null;
  const previous = rows[0]?.previous;
  if (!customerId && previous) {
    const [before] = await db
      .select({ customerId: sessions.customerId })
      .from(sessions)
      .where(eq(sessions.id, previous))
      .limit(1);
    customerId = before?.customerId ?? null;
  }
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(isLeadOfSession(sessionId))
    .limit(1);
  return { customerId, leadId: lead?.id ?? null };
}

/** Inserts the landing unless this session already has one with the same fingerprint. */
export async function insertCapture(db: Db, capture: NewCapture) {
  const [inserted] = await db
    .insert(utmCaptures)
    .values(capture)
    .onConflictDoNothing({ target: [utmCaptures.sessionId, utmCaptures.fingerprint] })
    .returning({ id: utmCaptures.id });
  if (inserted) return { id: inserted.id, isNew: true };
  const [existing] = await db
    .select({ id: utmCaptures.id })
    .from(utmCaptures)
    .where(
      and(
        eq(utmCaptures.sessionId, capture.sessionId ?? ''),
        eq(utmCaptures.fingerprint, capture.fingerprint ?? ''),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('capture neither inserted nor found');
  return { id: existing.id, isNew: false };
}

export async function findCapture(db: Db, id: string) {
  const [row] = await db.select().from(utmCaptures).where(eq(utmCaptures.id, id)).limit(1);
  return row;
}

export async function findLead(db: Db, id: string) {
  const [row] = await db.select().from(leads).where(eq(leads.id, id)).limit(1);
  return row;
}

/** Every capture of the session now names the lead and its customer; how many. */
export async function linkSessionCaptures(
  db: Db,
  sessionId: string,
  lead: { id: string; customerId: string | null },
) {
  const rows = await db
    .update(utmCaptures)
    .set({ leadId: lead.id, customerId: lead.customerId })
    .where(eq(utmCaptures.sessionId, sessionId))
    .returning({ id: utmCaptures.id });
  return rows.length;
}

/** The session's latest landing that was not a direct visit, else its latest. */
export async function conversionCapture(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(utmCaptures)
    .where(eq(utmCaptures.sessionId, sessionId))
    .orderBy(
      sql`(${utmCaptures.family} is distinct from 'direct') desc`,
      desc(utmCaptures.createdAt),
      desc(utmCaptures.id),
    )
    .limit(1);
  return row;
}

export { fillLeadAttribution, keepGaClientId, mergeLeadData } from '#server/db/lead-writes.ts';

export async function markGa4Sent(db: Db, captureId: string, at: Date) {
  await db
    .update(utmCaptures)
    .set({ ga4SentAt: at })
    .where(and(eq(utmCaptures.id, captureId), isNull(utmCaptures.ga4SentAt)));
}
