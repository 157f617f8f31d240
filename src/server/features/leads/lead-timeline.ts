import {
  visitFieldLabels,
  type VisitField,
  type Actor,
  type BookingHistoryEntry,
  type TimelineEntry,
} from '#shared/leads/lead-detail.contract.ts';
import {
  stageLabels,
  statusLabels,
  type LeadStage,
  type LeadStatus,
} from '#shared/leads/leads.contract.ts';
import { toOffsetIso } from '#shared/booking/calendar.ts';
import { friendlyTime } from '#server/lib/booking-dto.ts';
import type { ActivityRow } from './lead-detail.repository';

// Activities as the lead detail shows them: who did it, and one sentence of what.

/** The actions staff take, as stored in activities.action (event_type 'staff'). */
export const staffActions = {
  note: 'staff_note',
  stage: 'stage_changed',
  status: 'status_changed',
  jobIdSet: 'job_id_set',
  jobIdCleared: 'job_id_cleared',
  merged: 'customers_merged',
  detailsAccepted: 'contact_details_accepted',
} as const;

const bookingKinds = {
  booking_created: 'booking_created',
  booking_rescheduled: 'booking_rescheduled',
  booking_cancelled: 'booking_cancelled',
  booking_details_changed: 'booking_details_changed',
  booking_no_show: 'booking_no_show',
  booking_no_show_undone: 'booking_no_show_undone',
} as const;

const str = (value: unknown) => (typeof value === 'string' ? value : null);

export function actorOf(row: ActivityRow): Actor {
  const data = row.data ?? {};
  if (row.staffUserId) {
    return { kind: 'staff', staffUserId: row.staffUserId, name: str(data.staffName) };
  }
  const byCustomer = row.eventType === 'booking' || row.sessionId !== null;
  return { kind: byCustomer ? 'customer' : 'system', staffUserId: null, name: null };
}

function startOf(value: unknown, timezone: string): string | null {
  const start = str((value as { startTime?: unknown } | null)?.startTime);
  return start ? toOffsetIso(Date.parse(start), timezone) : null;
}

const label = <K extends string>(labels: Record<K, string>, value: unknown) =>
  labels[value as K] ?? String(value);

const serviceTypeLabels: Record<string, string> = { phone: 'phone', onsite: 'onsite' };

/** The reschedule screen's type and notes change (booking-writes.ts records from and to). */
function detailsChange(from: unknown, to: unknown): string {
  const before = (from ?? {}) as { serviceType?: unknown; notes?: unknown };
  const after = (to ?? {}) as { serviceType?: unknown; notes?: unknown };
  const changes: string[] = [];
  if (before.serviceType !== after.serviceType) {
    const type = (value: unknown) => label(serviceTypeLabels, value);
    changes.push(`consultation ${type(before.serviceType)} → ${type(after.serviceType)}`);
  }
  if ((str(before.notes) ?? '') !== (str(after.notes) ?? '')) changes.push('notes updated');
  return changes.length ? `Booking changed: ${changes.join(', ')}` : 'Booking details saved';
}

/** A returning customer's visit (ADR 043), naming what they typed differently. */
function cameBackText(changed: unknown): string {
  const fields = Array.isArray(changed) ? changed.filter((f) => typeof f === 'string') : [];
  const names = fields.map((f: string) => visitFieldLabels[f as VisitField]?.toLowerCase() ?? f);
  return names.length ? `Came back (new ${names.join(', ')})` : 'Came back';
}

function describe(row: ActivityRow, timezone: string): Pick<TimelineEntry, 'kind' | 'text'> {
  const data = row.data ?? {};
  const when = (value: unknown) => {
    const start = str((value as { startTime?: unknown } | null)?.startTime);
    return start ? friendlyTime(new Date(start), timezone) : 'an unknown time';
  };
  switch (row.action) {
    case staffActions.note:
      return { kind: 'note', text: str(data.text) ?? '' };
    case staffActions.stage: {
      const reason = str(data.lostReason);
      const change = `Stage: ${label<LeadStage>(stageLabels, data.from)} → ${label<LeadStage>(stageLabels, data.to)}`;
      return { kind: 'stage_changed', text: reason ? `${change} (${reason})` : change };
    }
    case staffActions.status:
      return {
        kind: 'status_changed',
        text: `Status: ${label<LeadStatus>(statusLabels, data.from)} → ${label<LeadStatus>(statusLabels, data.to)}`,
      };
    case staffActions.jobIdSet:
      return { kind: 'job_id_set', text: `Job id set to ${str(data.trakJobId) ?? ''}` };
    case staffActions.jobIdCleared:
      return { kind: 'job_id_cleared', text: 'Job id cleared' };
    case staffActions.merged:
      return { kind: 'customers_merged', text: 'Duplicate records merged into this customer' };
    case 'came_back':
      return { kind: 'came_back', text: cameBackText(data.changed) };
    case staffActions.detailsAccepted:
      return {
        kind: 'contact_details_accepted',
        text: 'Contact details from a later visit accepted',
      };
    case bookingKinds.booking_created:
      return { kind: 'booking_created', text: `Booked for ${when(data)}` };
    case bookingKinds.booking_rescheduled:
      return {
        kind: 'booking_rescheduled',
        text: `Rescheduled from ${when(data.from)} to ${when(data.to)}`,
      };
    case bookingKinds.booking_cancelled: {
      const reason = str(data.reason);
      return {
        kind: 'booking_cancelled',
        text: reason ? `Booking cancelled (${reason})` : 'Booking cancelled',
      };
    }
    case bookingKinds.booking_details_changed:
      return { kind: 'booking_details_changed', text: detailsChange(data.from, data.to) };
    case bookingKinds.booking_no_show:
      return { kind: 'booking_no_show', text: 'Marked as a no-show' };
    case bookingKinds.booking_no_show_undone:
      return { kind: 'booking_no_show_undone', text: 'No-show mark taken back' };
    default:
      return { kind: 'customer_activity', text: row.action };
  }
}

export function toTimelineEntry(row: ActivityRow, timezone: string): TimelineEntry {
  return {
    id: row.id,
    ...describe(row, timezone),
    at: row.timestamp.toISOString(),
    by: actorOf(row),
    data: row.data ?? {},
  };
}

const historyActions: Record<string, BookingHistoryEntry['action']> = {
  booking_created: 'booked',
  booking_rescheduled: 'rescheduled',
  booking_details_changed: 'details_changed',
  booking_cancelled: 'cancelled',
  [staffActions.jobIdSet]: 'job_id_set',
  [staffActions.jobIdCleared]: 'job_id_cleared',
  booking_no_show: 'no_show',
  booking_no_show_undone: 'no_show_undone',
};

type Details = NonNullable<BookingHistoryEntry['details']>;

function detailsOf(value: unknown): Details | null {
  const d = value as { serviceType?: unknown; notes?: unknown } | null;
  const serviceType = str(d?.serviceType);
  return serviceType ? { serviceType, notes: str(d?.notes) } : null;
}

/**
 * A booking's own history, oldest first, from the lead's activities. The booking's type and notes
 * as booked are not in its 'booking_created' row: they are the first change's "from", else the
 * booking's own (nothing changed them since).
 */
export function bookingHistory(
  rows: ActivityRow[],
  booking: { id: string; serviceType: string; notes: string | null },
  timezone: string,
): BookingHistoryEntry[] {
  const own = rows
    .filter((row) => row.data?.bookingId === booking.id && historyActions[row.action])
    .reverse();
  const firstChange = own.find((row) => row.action === 'booking_details_changed');
  const asBooked = detailsOf(firstChange?.data?.from) ?? {
    serviceType: booking.serviceType,
    notes: booking.notes,
  };
  return own.map((row) => {
    const data = row.data ?? {};
    const rescheduled = row.action === 'booking_rescheduled';
    const details =
      row.action === 'booking_created'
        ? asBooked
        : row.action === 'booking_details_changed'
          ? detailsOf(data.to)
          : null;
    return {
      action: historyActions[row.action]!,
      at: row.timestamp.toISOString(),
      by: actorOf(row),
      from: rescheduled ? startOf(data.from, timezone) : null,
      to: rescheduled ? startOf(data.to, timezone) : startOf(data, timezone),
      trakJobId: str(data.trakJobId),
      details,
    };
  });
}
