import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  activities,
  bookings,
  customers,
  leads,
  sessions,
  uploadedFiles,
  utmCaptures,
} from '#server/db/schema/index.ts';
import { staffActions } from './lead-timeline';

// The rows a merge moves from one person's other customer records to the record staff keep.

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
  await tx
    .update(leads)
    .set({ customerId: to.id, updatedAt: now })
    .where(inArray(leads.customerId, from));
  await tx
    .update(bookings)
    .set({ customerId: to.id, updatedAt: now })
    .where(inArray(bookings.customerId, from));
  await tx.update(sessions).set({ customerId: to.id }).where(inArray(sessions.customerId, from));
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
