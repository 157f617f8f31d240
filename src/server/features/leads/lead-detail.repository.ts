import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  activities,
  customers,
  leads,
  uploadedFiles,
  utmCaptures,
} from '#server/db/schema/index.ts';

export type LeadRow = typeof leads.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;

export async function findLeadWithCustomer(db: Db, id: string) {
  const [row] = await db
    .select({ lead: leads, customer: customers })
    .from(leads)
    .leftJoin(customers, eq(customers.id, leads.customerId))
    .where(eq(leads.id, id))
    .limit(1);
  return row ?? null;
}

export function filesOfLead(db: Db, leadId: string) {
  return db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.leadId, leadId))
    .orderBy(asc(uploadedFiles.createdAt), asc(uploadedFiles.id));
}

/**
 * The lead's timeline: its own rows (staff actions, booking changes) and what its browser
 * session did, newest first. Capped: a timeline longer than this shows its newest part.
 */
export function activitiesOfLead(db: Db, lead: Pick<LeadRow, 'id' | 'sessionId'>, limit = 300) {
  return db
    .select()
    .from(activities)
    .where(
      or(
        eq(activities.leadId, lead.id),
        lead.sessionId ? eq(activities.sessionId, lead.sessionId) : undefined,
      ),
    )
    .orderBy(desc(activities.timestamp), desc(activities.id))
    .limit(limit);
}

/** The landings of the lead's session and of every visit of its customer (first and last touch). */
export function capturesOfLead(db: Db, lead: Pick<LeadRow, 'id' | 'sessionId' | 'customerId'>) {
  return db
    .select()
    .from(utmCaptures)
    .where(
      or(
        eq(utmCaptures.leadId, lead.id),
        lead.sessionId ? eq(utmCaptures.sessionId, lead.sessionId) : undefined,
        lead.customerId ? eq(utmCaptures.customerId, lead.customerId) : undefined,
      ),
    )
    .orderBy(asc(utmCaptures.createdAt), asc(utmCaptures.id))
    .limit(100);
}

/** Other leads whose customer has this e-mail or these phone digits (erased people excluded). */
export function duplicateLeads(
  db: Db,
  leadId: string,
  contact: { email: string; phoneDigits: string | null },
) {
  const sameEmail = sql<boolean>`${customers.email} = ${contact.email}`;
  const samePhone = contact.phoneDigits
    ? sql<boolean>`${customers.phoneDigits} = ${contact.phoneDigits}`
    : sql<boolean>`false`;
  return db
    .select({
      id: leads.id,
      customerId: leads.customerId,
      stage: leads.stage,
      createdAt: leads.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
      erasedAt: customers.erasedAt,
      sameEmail,
      samePhone,
    })
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(
      and(
        ne(leads.id, leadId),
        sql`${customers.erasedAt} is null`,
        contact.email ? or(sameEmail, samePhone) : samePhone,
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(20);
}
export type CaptureRow = typeof utmCaptures.$inferSelect;
