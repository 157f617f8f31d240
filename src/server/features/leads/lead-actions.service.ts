import { type leadChangeSchema, type TimelineEntry } from '#shared/leads/lead-detail.contract.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import type { z } from 'zod';
import { inTransaction, readTimezone } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { recordStaffAction, type StaffActor } from '#server/db/staff-activity.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { queueLeadEvent } from '#server/messages/ga4-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './lead-actions.repository';
import { staffActions, toTimelineEntry } from './lead-timeline';

type LeadChange = z.output<typeof leadChangeSchema>;

async function lockLead(tx: Db, id: string) {
  const row = await repo.lockLead(tx, id);
  if (!row) throw HttpError.notFound(leadsMessages.notFound);
  return row;
}

/**
 * Stage and/or status, each change a timeline entry naming the staff member. A lost lead keeps
 * its reason; leaving 'lost' clears it. Setting what is already set records nothing.
 */
export async function changeLead(
  db: Db,
  outbox: Outbox,
  id: string,
  change: LeadChange,
  staff: StaffActor,
  now: Date,
) {
  await inTransaction(db, async (tx) => {
    const lead = await lockLead(tx, id);
    const base = { leadId: id, customerId: lead.customerId, staff, now };
    const stageChanged = change.stage !== undefined && change.stage !== lead.stage;
    const reasonChanged = change.stage === 'lost' && !stageChanged; // a new reason for a lost lead
    if (stageChanged || reasonChanged) {
      const lostReason = change.stage === 'lost' ? (change.lostReason ?? null) : null;
      await repo.updateLead(tx, id, { stage: change.stage, lostReason });
      await recordStaffAction(tx, {
        ...base,
        action: staffActions.stage,
        data: { from: lead.stage, to: change.stage, ...(lostReason && { lostReason }) },
      });
      if (change.stage === 'won') await queueLeadEvent(tx, outbox, id, 'close_convert_lead');
      if (change.stage === 'lost') {
        await queueLeadEvent(tx, outbox, id, 'close_unconvert_lead', {
          lostReason: lostReason ?? undefined,
        });
      }
    }
    if (change.status !== undefined && change.status !== lead.status) {
      await repo.updateLead(tx, id, { status: change.status });
      await recordStaffAction(tx, {
        ...base,
        action: staffActions.status,
        data: { from: lead.status, to: change.status },
      });
    }
    // GA4 learns the lead is being worked on (once per lead: the event is deduplicated)
    await queueLeadEvent(tx, outbox, id, 'working_lead');
  });
}

export async function addNote(
  db: Db,
  outbox: Outbox,
  id: string,
  text: string,
  staff: StaffActor,
  now: Date,
): Promise<TimelineEntry> {
  const row = await inTransaction(db, async (tx) => {
    const lead = await lockLead(tx, id);
    await queueLeadEvent(tx, outbox, id, 'working_lead');
    return recordStaffAction(tx, {
      leadId: id,
      customerId: lead.customerId,
      staff,
      action: staffActions.note,
      data: { text },
      now,
    });
  });
  return toTimelineEntry(row, await readTimezone(db));
}
