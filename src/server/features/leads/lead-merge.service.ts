import type { MergeCustomersResponse } from '#shared/leads/customer-records.contract.ts';
import { leadsMessages, leadStages, type LeadStage } from '#shared/leads/leads.contract.ts';
import { inTransaction } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import type { StaffActor } from '#server/db/staff-activity.ts';
import { toCustomerDto } from '#server/lib/customer-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './lead-merge.repository';
import { detailsOf } from './lead-visits.service';

const furthest = (stages: string[]) =>
  stages.reduce((a, b) =>
    leadStages.indexOf(b as LeadStage) > leadStages.indexOf(a as LeadStage) ? b : a,
  );

/**
 * ADR 043: one person has one open enquiry. Their open leads become one row, the oldest (the
 * first enquiry); the others become its visits. Returns how many were merged into it.
 */
async function mergeOpenLeads(
  tx: Db,
  open: repo.OpenLeadRow[],
  records: repo.CustomerRow[],
  now: Date,
) {
  const [kept, ...others] = open;
  if (!kept || others.length === 0) return 0;
  const byId = new Map(records.map((c) => [c.id, c]));
  await repo.mergeLeadsInto(
    tx,
    kept,
    others.map((lead) => {
      const record = lead.customerId ? byId.get(lead.customerId) : undefined;
      return { lead, details: record ? detailsOf(record) : {} };
    }),
    furthest(open.map((l) => l.stage)),
    now,
  );
  return others.length;
}

/**
 * Merges one person's other customer records into the one staff chose to keep (ADR 025), in one
 * transaction: their leads, bookings, sessions and activities move to it, so no booking, file,
 * note or attribution is lost; the other records are then removed. Each of the kept record's
 * leads gets a timeline entry naming the staff member and what the removed records said.
 */
export async function mergeCustomers(
  db: Db,
  keepId: string,
  customerIds: string[],
  staff: StaffActor,
  now: Date,
): Promise<MergeCustomersResponse> {
  const from = [...new Set(customerIds)];
  if (from.includes(keepId)) {
    throw HttpError.badRequest(leadsMessages.mergeSelf, { customerIds: leadsMessages.mergeSelf });
  }
  return inTransaction(db, async (tx) => {
    const locked = await repo.lockCustomers(tx, [keepId, ...from]);
    const keep = locked.find((c) => c.id === keepId);
    // every id must name a record: a merge of fewer records than asked would surprise staff
    if (!keep || locked.length !== from.length + 1) {
      throw HttpError.notFound(leadsMessages.customerNotFound);
    }
    if (locked.some((c) => c.erasedAt !== null))
      throw HttpError.conflict(leadsMessages.mergeErased);
    const merged = locked.filter((c) => c.id !== keepId);
    const moved = await repo.countOwned(tx, from);
    const open = await repo.openLeadsOf(tx, [keepId, ...from]);
    const kept = await repo.moveOwnedRows(tx, from, keep, now);
    const mergedLeads = await mergeOpenLeads(tx, open, locked, now);
    const data = {
      staffName: staff.name,
      keptCustomerId: keepId,
      // what the removed records said, so nothing staff saw is lost (an erase clears it)
      merged: merged.map((c) => ({
        customerId: c.id,
        name: `${c.firstName} ${c.lastName}`.trim(),
        email: c.email,
        phone: c.phone,
        address: c.address,
      })),
      moved,
      mergedLeads,
    };
    const leadsNow = await repo.leadsOf(tx, keepId);
    await repo.recordMerge(
      tx,
      leadsNow.map((lead) => ({
        leadId: lead.id,
        customerId: keepId,
        staffUserId: staff.id,
        data,
        now,
      })),
    );
    return { customer: toCustomerDto(kept), moved: { customers: merged.length, ...moved } };
  });
}
