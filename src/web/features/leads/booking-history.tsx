import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { actorName, appointmentTime, shortDateTime } from './lead-format';

type Entry = LeadDetail['bookings'][number]['history'][number];

const serviceLabels: Record<string, string> = { phone: 'phone', onsite: 'onsite' };

const notesText = (notes: string | null) => (notes ? `notes “${notes}”` : 'no notes');

/** What the customer changed on the reschedule screen, against the details before it. */
function detailsChange(before: Entry['details'], after: Entry['details']): string {
  if (!after) return 'Details changed';
  const changes: string[] = [];
  if (before?.serviceType !== after.serviceType) {
    changes.push(`consultation ${serviceLabels[after.serviceType] ?? after.serviceType}`);
  }
  if ((before?.notes ?? null) !== after.notes) {
    changes.push(after.notes ? `notes “${after.notes}”` : 'notes cleared');
  }
  return `Changed to ${changes.join(', ') || 'the same details'}`;
}

function what(entry: Entry, before: Entry['details']): string {
  switch (entry.action) {
    case 'booked':
      return entry.details ? `Booked with ${notesText(entry.details.notes)}` : 'Booked';
    case 'details_changed':
      return detailsChange(before, entry.details);
    case 'rescheduled':
      return entry.from && entry.to
        ? `Moved from ${appointmentTime(entry.from)} to ${appointmentTime(entry.to)}`
        : 'Moved';
    case 'cancelled':
      return 'Cancelled';
    case 'job_id_set':
      return `Job id set to ${entry.trakJobId ?? ''}`;
    case 'job_id_cleared':
      return 'Job id cleared';
    case 'no_show':
      return 'Marked as a no-show';
    case 'no_show_undone':
      return 'No-show mark taken back';
  }
}

/**
 * What happened to a booking and who did it: booked (with the customer's notes), moved, details
 * changed (the notes' history), cancelled, job id, no-show.
 */
export function BookingHistory({ history }: { history: Entry[] }) {
  if (history.length === 0) return null;
  // each entry's type and notes before it: the latest details an earlier entry set
  const before: Entry['details'][] = [];
  history.reduce<Entry['details']>((last, entry) => {
    before.push(last);
    return entry.details ?? last;
  }, null);
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        History ({history.length})
      </summary>
      <ol className="space-y-1">
        {history.map((entry, index) => (
          <li key={index}>
            {what(entry, before[index] ?? null)} by {actorName(entry.by)}, {shortDateTime(entry.at)}
          </li>
        ))}
      </ol>
    </details>
  );
}
