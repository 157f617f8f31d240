import type { Db } from './client';
import { stampFirstStaffAction } from './lead-writes';
import { activities } from './schema';

// Staff actions on a lead: each is an activity naming the staff member (the lead's timeline),
// and the first one stamps the lead's speed to lead.

export interface StaffActor {
  id: string;
  /** The name shown in the timeline, kept as it was when they acted. */
  name: string;
}

export const staffNameOf = (staff: { displayName: string | null; email: string }) =>
  staff.displayName?.trim() || staff.email;

export async function recordStaffAction(
  tx: Db,
  action: {
    leadId: string | null;
    customerId: string | null;
    staff: StaffActor;
    action: string;
    /** 'staff', or 'booking' for a booking change (the booking's history reads those). */
    eventType?: string;
    data: Record<string, unknown>;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(activities)
    .values({
      action: action.action,
      eventType: action.eventType ?? 'staff',
      leadId: action.leadId,
      customerId: action.customerId,
      staffUserId: action.staff.id,
      data: { ...action.data, staffName: action.staff.name },
      timestamp: action.now,
    })
    .returning();
  if (action.leadId) await stampFirstStaffAction(tx, action.leadId, action.now);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The signed-in staff member (request.staff, set by the guard) as the actor of a change. */
export function staffActor(
  staff: { id: string; displayName: string | null; email: string } | null,
) {
  if (!staff) throw new Error('a staff route ran without its guard');
  return { id: staff.id, name: staffNameOf(staff) };
}
