import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import { moveBookingsToCustomer, moveBookingsToLead } from '#server/db/booking-writes.ts';
import type { Db } from '#server/db/client.ts';
import { absorbLeads, deleteMergedLeads, moveLeadsToCustomer } from '#server/db/lead-writes.ts';
import {
  activities,
  bookings,
  customers,
  leads,
  leadVisits,
  messageDeliveries,
  uploadedFiles,
  utmCaptures,
} from '#server/db/schema/index.ts';
import { moveSessionsToCustomer } from '#server/db/session-writes.ts';
import { staffActions } from './lead-timeline';

// The rows a merge moves from one person's other customer records to the record staff keep.

export type CustomerRow = typeof customers.$inferSelect;

/** The records, locked until the transaction ends (in id order, so two merges cannot deadlock). */
export function lockCustomers(tx: Db, ids: string[]) {
  return tx
    .select()
    .from(customers)
    .where(inArray(customers.id, ids))
    .orderBy(asc(customers.id))
    .for('update');
}

/** What belongs to the records about to be merged, counted before it moves. */
export async function countOwned(tx: Db, ids: string[]) {
  const leadIds = tx.select({ id: leads.id }).from(leads).where(inArray(leads.customerId, ids));
  // one after another: a transaction is one connection, one query at a time (pg 8 queues a query
  // sent while another runs, with a deprecation warning; pg 9 removes that queueing)
  const leadCount = await tx.$count(leads, inArray(leads.customerId, ids));
  const bookingCount = await tx.$count(bookings, inArray(bookings.customerId, ids));
  const fileCount = await tx.$count(uploadedFiles, inArray(uploadedFiles.leadId, leadIds));
  const noteCount = await tx.$count(
    activities,
    and(eq(activities.action, staffActions.note), inArray(activities.customerId, ids)),
  );
  return { leads: leadCount, bookings: bookingCount, files: fileCount, notes: noteCount };
}

/**
 * Every row that names one of `from` names `to` instead. Files, journeys and messages hang off
 * leads, sessions and bookings, so they follow without being touched.
 */
export async function moveOwnedRows(
  tx: Db,
  from: string[],
  to: { id: string; possibleDuplicateOf: string | null },
  now: Date,
) {
  await moveLeadsToCustomer(tx, from, to.id, now);
  await moveBookingsToCustomer(tx, from, to.id, now);
  await moveSessionsToCustomer(tx, from, to.id);
  await tx
    .update(activities)
    .set({ customerId: to.id })
    .where(inArray(activities.customerId, from));
  // the person's landings (first and last touch are read per customer)
  await tx
    .update(utmCaptures)
    .set({ customerId: to.id })
    .where(inArray(utmCaptures.customerId, from));
  // records of third sessions marked as duplicates of a merged record now point at the kept one
  await tx
    .update(customers)
    .set({ possibleDuplicateOf: to.id })
    .where(and(inArray(customers.possibleDuplicateOf, from), notInArray(customers.id, from)));
  const [kept] = await tx
    .update(customers)
    .set({
      // "a duplicate of" a record now merged into it would point at nothing
      possibleDuplicateOf:
        to.possibleDuplicateOf && from.includes(to.possibleDuplicateOf)
          ? null
          : to.possibleDuplicateOf,
      updatedAt: now,
    })
    .where(eq(customers.id, to.id))
    .returning();
  await tx.delete(customers).where(inArray(customers.id, from));
  if (!kept) throw new Error('the kept customer vanished inside its own transaction');
  return kept;
}

/** The kept record's leads after the merge: each gets the timeline entry. */
export function leadsOf(tx: Db, customerId: string) {
  return tx.select({ id: leads.id }).from(leads).where(eq(leads.customerId, customerId));
}

export function recordMerge(
  tx: Db,
  rows: { leadId: string; customerId: string; staffUserId: string; data: object; now: Date }[],
) {
  if (rows.length === 0) return Promise.resolve();
  return tx.insert(activities).values(
    rows.map((r) => ({
      action: staffActions.merged,
      eventType: 'staff',
      leadId: r.leadId,
      customerId: r.customerId,
      staffUserId: r.staffUserId,
      data: r.data as Record<string, unknown>,
      timestamp: r.now,
    })),
  );
}

/** The records' open leads (not won or lost), oldest first: a merge makes them one (ADR 043). */
export function openLeadsOf(tx: Db, customerIds: string[]) {
  return tx
    .select()
    .from(leads)
    .where(and(inArray(leads.customerId, customerIds), notInArray(leads.stage, ['won', 'lost'])))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .for('update');
}
export type OpenLeadRow = Awaited<ReturnType<typeof openLeadsOf>>[number];

/**
 * One person's other open leads become visits of the lead kept: everything that names them
 * names it, each one's session continues it, and the rows go (their contact copy is kept with
 * the visit). The kept lead takes the furthest stage and fills what it lacks from their data.
 */
export async function mergeLeadsInto(
  tx: Db,
  kept: OpenLeadRow,
  others: { lead: OpenLeadRow; details: Record<string, unknown> }[],
  stage: string,
  now: Date,
) {
  const ids = others.map((o) => o.lead.id);
  await moveBookingsToLead(tx, ids, kept.id);
  await tx.update(activities).set({ leadId: kept.id }).where(inArray(activities.leadId, ids));
  await tx.update(uploadedFiles).set({ leadId: kept.id }).where(inArray(uploadedFiles.leadId, ids));
  await tx.update(utmCaptures).set({ leadId: kept.id }).where(inArray(utmCaptures.leadId, ids));
  await tx
    .update(messageDeliveries)
    .set({ leadId: kept.id })
    .where(inArray(messageDeliveries.leadId, ids));
  await tx.update(leadVisits).set({ leadId: kept.id }).where(inArray(leadVisits.leadId, ids));
  await deleteMergedLeads(tx, ids);
  const visits = others
    .filter((o) => o.lead.sessionId !== null)
    .map((o) => ({
      leadId: kept.id,
      sessionId: o.lead.sessionId!,
      // the record that session made is merged away: its details are kept here
      customerId: null,
      details: o.details,
      attribution: {
        source: o.lead.utmSource,
        medium: o.lead.utmMedium,
        campaign: o.lead.utmCampaign,
        referrer: o.lead.referrer,
        landingPage: o.lead.landingPage,
      },
      createdAt: o.lead.createdAt,
      updatedAt: now,
    }));
  if (visits.length > 0) await tx.insert(leadVisits).values(visits).onConflictDoNothing();
  const data = others.reduceRight<Record<string, unknown>>(
    (merged, o) => ({ ...(o.lead.data as Record<string, unknown>), ...merged }),
    kept.data as Record<string, unknown>,
  );
  const returnedAt = others.reduce<Date | null>(
    (latest, o) => (latest && latest > o.lead.createdAt ? latest : o.lead.createdAt),
    kept.returnedAt,
  );
  const firstActions = [kept, ...others.map((o) => o.lead)]
    .map((l) => l.firstStaffActionAt)
    .filter((at): at is Date => at !== null);
  await absorbLeads(
    tx,
    kept.id,
    {
      stage,
      data,
      returnedAt,
      firstStaffActionAt: firstActions.length
        ? new Date(Math.min(...firstActions.map((d) => d.getTime())))
        : null,
    },
    now,
  );
}
