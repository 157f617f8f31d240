import { useQuery } from '@tanstack/react-query';
import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { formatTime } from '#web/lib/melbourne-time.ts';
import {
  closedReasonText,
  formatShortDate,
} from '#web/features/trak-settings/booking-rules/preview-days.ts';
import { whoseTimes } from './consultant-labels';
import { weekAheadQuery } from './consultants-api';

const titleId = 'consultants-week-title';

/** The next seven days as customers see them, each day saying whose times are whose. */
export function WeekAhead({ consultants }: { consultants: Consultant[] }) {
  const week = useQuery(weekAheadQuery);
  const names = new Map(consultants.map((c) => [c.id, c.name]));
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-2 rounded-xl border border-line p-3 sm:p-4"
    >
      <h3 id={titleId} className="text-lg font-bold">
        Next 7 days: whose times are whose
      </h3>
      {week.isPending && <p role="status">Loading the next 7 days...</p>}
      {week.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>The next 7 days could not be loaded. {week.error.message}</p>
          <button type="button" className="btn-quiet" onClick={() => void week.refetch()}>
            Retry
          </button>
        </div>
      )}
      {week.data && (
        <ul aria-label="Next 7 days" className="divide-y divide-line">
          {week.data.days.map((day) => {
            const closed = closedReasonText(day);
            const people = closed ? [] : whoseTimes(day, names);
            const time = (iso: string) => formatTime(iso, week.data.timezone);
            return (
              <li key={day.date} className="grid gap-1 py-2 sm:grid-cols-[7rem_1fr] sm:gap-3">
                <p className="font-semibold">{formatShortDate(day.date)}</p>
                {closed && <p className="text-muted">{closed}</p>}
                {!closed && people.length === 0 && <p className="text-muted">Nobody working</p>}
                {people.length > 0 && (
                  <ul className="space-y-0.5">
                    {people.map((p) => (
                      <li key={p.id}>
                        <span className="font-semibold">{p.name}</span>: {time(p.first)} –{' '}
                        {time(p.last)}, {p.free} free
                        {p.taken > 0 && `, ${p.taken} taken`}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
