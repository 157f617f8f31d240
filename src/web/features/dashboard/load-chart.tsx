import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import { Bar, ChartPanel, ChartTable } from './chart-panel';
import { formatCount, formatDay } from './dashboard-format';

type LoadDay = DashboardResponse['bookings']['load'][number];

/** Today and the next 13 days: slots taken of those offered, and the appointments by kind. */
export function LoadChart({ days }: { days: LoadDay[] }) {
  return (
    <ChartPanel
      title="The next 14 days"
      summary="Slots taken of the slots offered each day."
      chart={
        <ul className="grid gap-2 sm:grid-cols-2">
          {days.map((d) => (
            <li key={d.date} className="space-y-1">
              <div className="flex justify-between gap-3 text-sm">
                <span className="font-semibold">{formatDay(d.date)}</span>
                <span className="tabular-nums">
                  {d.offered === 0
                    ? 'Closed'
                    : `${formatCount(d.taken)} of ${formatCount(d.offered)}`}
                </span>
              </div>
              <Bar value={d.taken} max={d.offered} />
            </li>
          ))}
        </ul>
      }
      table={() => (
        <ChartTable
          caption="Slots offered and taken, and appointments by kind, for the next 14 days"
          head={['Day', 'Offered', 'Taken', 'Phone', 'Onsite']}
          rows={days.map((d) => ({
            key: d.date,
            cells: [
              formatDay(d.date),
              formatCount(d.offered),
              formatCount(d.taken),
              formatCount(d.phone),
              formatCount(d.onsite),
            ],
          }))}
        />
      )}
    />
  );
}
