import type { TimelineEntry } from '#shared/leads/lead-detail.contract.ts';
import { actorName, shortDateTime } from './lead-format';

/** Everything that happened to the lead, newest first; staff notes stand out. */
export function LeadTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-muted">Nothing has happened yet.</p>;
  return (
    <ol aria-label="Timeline, newest first" className="space-y-3">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={`rounded-lg border p-3 ${
            entry.kind === 'note' ? 'border-brand bg-brand-soft' : 'border-line'
          }`}
        >
          <p className="text-sm text-muted">
            {entry.kind === 'note' ? 'Note by ' : ''}
            {actorName(entry.by)} · {shortDateTime(entry.at)}
          </p>
          <p className="break-words whitespace-pre-line">{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}
