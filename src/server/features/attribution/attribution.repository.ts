import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

/** Source / medium / campaign, the utm tags and the click ids of the lead, from one landing. */
export async function fillLeadAttribution(
  db: Db,
  leadId: string,
  fill: {
    source: string;
    medium: string;
    campaign: string | null;
    utm: Partial<
      Record<'utmSource' | 'utmMedium' | 'utmCampaign' | 'utmTerm' | 'utmContent', string | null>
    >;
    data: Record<string, unknown>;
  },
) {
  // a tag the landing does not have keeps what the contact step saved
  const keep = (value: string | null | undefined, column: AnyPgColumn) => value ?? sql`${column}`;
  await db
    .update(leads)
    .set({
      source: fill.source,
      medium: fill.medium,
      campaign: fill.campaign,
      utmSource: keep(fill.utm.utmSource, leads.utmSource),
      utmMedium: keep(fill.utm.utmMedium, leads.utmMedium),
      utmCampaign: keep(fill.utm.utmCampaign, leads.utmCampaign),
      utmTerm: keep(fill.utm.utmTerm, leads.utmTerm),
      utmContent: keep(fill.utm.utmContent, leads.utmContent),
      data: sql`${leads.data} || ${JSON.stringify(fill.data)}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, leadId));
}

/** Merges facts into the lead's data (the consent record, the GA client id). */
export async function mergeLeadData(db: Db, leadId: string, data: Record<string, unknown>) {
  await db
    .update(leads)
    .set({ data: sql`${leads.data} || ${JSON.stringify(data)}::jsonb` })
    .where(eq(leads.id, leadId));
}

/** A lead's GA client id is kept once set: later events must join the same visit. */
export async function keepGaClientId(db: Db, leadId: string, clientId: string) {
  await db
    .update(leads)
    .set({ data: sql`jsonb_set(${leads.data}, '{gaClientId}', to_jsonb(${clientId}::text))` })
    .where(and(eq(leads.id, leadId), sql`not (${leads.data} ? 'gaClientId')`));
}

export async function markGa4Sent(db: Db, captureId: string, at: Date) {
  await db
    .update(utmCaptures)
    .set({ ga4SentAt: at })
    .where(and(eq(utmCaptures.id, captureId), isNull(utmCaptures.ga4SentAt)));
}
