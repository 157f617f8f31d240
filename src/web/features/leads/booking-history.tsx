import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { actorName, appointmentTime, shortDateTime } from './lead-format';

type Entry = LeadDetail['bookings'][number]['history'][number];

function what(entry: Entry): string {
  switch (entry.action) {
    case 'booked':
      return 'Booked';
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

/** What happened to a booking and who did it: booked, moved, cancelled, job id, no-show. */
export function BookingHistory({ history }: { history: Entry[] }) {
  if (history.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">
        History ({history.length})
      </summary>
      <ol className="space-y-1">
        {history.map((entry, index) => (
          <li key={index}>
            {what(entry)} by {actorName(entry.by)}, {shortDateTime(entry.at)}
          </li>
        ))}
      </ol>
    </details>
  );
}
