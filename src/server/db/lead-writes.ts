import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { hasClickIdIn, truncatedIp, withoutClickIds } from './personal-data-sql';
import { bookings, leads } from './schema';

// The one writer of `leads` (issue 27): the booking flow, attribution, staff and the privacy
// tasks change a lead through these. The database's own triggers on leads (the click family, the
// dashboard roll-ups, the search terms) are listed in ADR 049.

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
  sessionId: string;
};

const withData = (patch: Record<string, unknown>) =>
  sql`${leads.data} || ${JSON.stringify(patch)}::jsonb`;

/**
 * One lead per browser session. A re-sent submission (the browser retries until the server
 * accepts it) updates the lead: newest contact data wins, first attribution and stage are kept.
 */
export async function upsertLeadBySession(db: Db, lead: NewLead) {
  const [row] = await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({
      target: leads.sessionId,
      set: {
        customerId: lead.customerId,
        data: sql`${leads.data} || excluded.data`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return { row, created: row.createdAt.getTime() === row.updatedAt.getTime() };
}

/** A lead staff open for a customer who phoned in (issue 28): no session, source 'phone'. */
export async function insertStaffLead(
  tx: Db,
  lead: { customerId: string; data: Record<string, unknown> },
): Promise<LeadRow> {
  const [row] = await tx
    .insert(leads)
    .values({ ...lead, source: 'phone', medium: 'phone', stage: 'contact' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The customer's next step: the stage they reached and what they gave in it. */
export async function updateLeadProgress(
  db: Db,
  leadId: string,
  stage: string,
  dataPatch: Record<string, unknown>,
) {
  await db
    .update(leads)
    .set({ stage, data: withData(dataPatch), updatedAt: sql`now()` })
    .where(eq(leads.id, leadId));
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
      data: withData(fill.data),
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, leadId));
}

/** Merges facts into the lead's data (the consent record, the GA client id). */
export async function mergeLeadData(db: Db, leadId: string, data: Record<string, unknown>) {
  await db
    .update(leads)
    .set({ data: withData(data) })
    .where(eq(leads.id, leadId));
}

/** A lead's GA client id is kept once set: later events must join the same visit. */
export async function keepGaClientId(db: Db, leadId: string, clientId: string) {
  await db
    .update(leads)
    .set({ data: sql`jsonb_set(${leads.data}, '{gaClientId}', to_jsonb(${clientId}::text))` })
    .where(and(eq(leads.id, leadId), sql`not (${leads.data} ? 'gaClientId')`));
}

/** Staff's change of stage, lost reason or status. */
export async function updateLead(
  tx: Db,
  id: string,
  change: { stage?: string; lostReason?: string | null; status?: string },
) {
  await tx
    .update(leads)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(leads.id, id));
}

/** The first staff action on a lead is its speed to lead; later ones leave it. */
export async function stampFirstStaffAction(tx: Db, leadId: string, now: Date) {
  await tx
    .update(leads)
    .set({
      firstStaffActionAt: sql`coalesce(${leads.firstStaffActionAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(leads.id, leadId));
}

/**
 * The continued lead is marked returned and takes the visit's booking choice (the booking flow
 * reads it); its customer, contact copy and first attribution stay as they were.
 */
export async function markLeadReturned(tx: Db, leadId: string, bookingOption: string, now: Date) {
  const [row] = await tx
    .update(leads)
    .set({
      returnedAt: now,
      data: sql`${leads.data} || jsonb_build_object('bookingOption', ${bookingOption}::text)`,
      updatedAt: now,
    })
    .where(eq(leads.id, leadId))
    .returning({ customerId: leads.customerId });
  return row ?? null;
}

/**
 * A booking is made: the lead is booked with its appointment (the latest of its bookings), in one
 * update, so the bookings trigger's sync has nothing left to write (migration 0014).
 */
export async function markLeadBooked(
  tx: Db,
  leadId: string,
  booking: { id: string; startTime: Date },
) {
  await tx
    .update(leads)
    .set({
      stage: 'booked',
      data: withData({ bookingId: booking.id }),
      hasBooking: true,
      appointmentAt: sql`greatest(${leads.appointmentAt}, ${booking.startTime.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, leadId));
}

/**
 * A lead whose last live booking is cancelled is no longer 'booked' (issue 26 item 3): it goes
 * back to the stage it had before, which is how far the customer got (the booking flow moves the
 * stage only forward: contact, details, estimate; what they gave is on the lead). A stage staff
 * set after the booking (quoted, won, lost) is theirs and stays.
 */
export async function unbookLead(tx: Db, leadId: string) {
  await tx
    .update(leads)
    .set({
      stage: sql`case when ${leads.data} ? 'estimate' then 'estimate'
        when ${leads.data} ? 'details' then 'details' else 'contact' end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(leads.id, leadId),
        eq(leads.stage, 'booked'),
        sql`not exists (select 1 from ${bookings} b where b.lead_id = ${leads.id}
          and b.status <> 'cancelled')`,
      ),
    );
}

/** A merge of customer records: the leads of the ones merged away name the kept one. */
export async function moveLeadsToCustomer(tx: Db, from: string[], to: string, now: Date) {
  await tx
    .update(leads)
    .set({ customerId: to, updatedAt: now })
    .where(inArray(leads.customerId, from));
}

/** A merge of one person's open leads: the merged ones go (everything naming them moved first). */
export async function deleteMergedLeads(tx: Db, ids: string[]) {
  if (ids.length > 0) await tx.delete(leads).where(inArray(leads.id, ids));
}

/** A merge of one person's open leads: the kept lead takes what the merged ones had. */
export async function absorbLeads(
  tx: Db,
  keptId: string,
  kept: Pick<LeadRow, 'stage' | 'data' | 'returnedAt' | 'firstStaffActionAt'>,
  now: Date,
) {
  await tx
    .update(leads)
    .set({ ...kept, updatedAt: now })
    .where(eq(leads.id, keptId));
}

/**
 * APP 13: the lead's contact copy, its GA client id and the free text the customer typed go;
 * the details that price the job (glass count, measurements, concern) stay.
 */
export async function eraseLeadPersonalData(tx: Db, leadIds: string[], now: Date) {
  if (leadIds.length === 0) return;
  await tx
    .update(leads)
    .set({
      data: sql`(${leads.data} - 'contactFormData' - 'gaClientId' - 'customer')
        || case when jsonb_typeof(${leads.data} -> 'details') = 'object'
           then jsonb_build_object('details', (${leads.data} -> 'details') - 'jobDescription' - 'notes' - 'address')
           else '{}'::jsonb end`,
      ipAddress: null,
      userAgent: null,
      referrer: null,
      landingPage: null,
      updatedAt: now,
    })
    .where(inArray(leads.id, leadIds));
}

/** APP 11: click ids and whole IP addresses of leads made before `cutoff` go; how many changed. */
export async function minimiseLeads(tx: Db, cutoff: Date) {
  const ip = sql.raw('ip_address');
  const landing = sql.raw('landing_page');
  const rows = await tx
    .update(leads)
    .set({
      data: sql`${leads.data} - 'clickIds'`,
      landingPage: withoutClickIds(landing),
      ipAddress: truncatedIp(ip),
    })
    .where(
      sql`${leads.createdAt} < ${cutoff} and (${leads.data} ? 'clickIds'
        or ${hasClickIdIn(landing)} or ${leads.ipAddress} is distinct from ${truncatedIp(ip)})`,
    )
    .returning({ id: leads.id });
  return rows.length;
}
