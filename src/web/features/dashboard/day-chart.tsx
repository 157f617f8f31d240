import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import { ChartLegend, ChartPanel, ChartTable } from './chart-panel';
import { formatCount, formatDay } from './dashboard-format';

type Day = DashboardResponse['bookings']['perDay'][number];

const legend = [
  { label: 'Leads', tone: 'brand' },
  { label: 'Bookings made', tone: 'muted' },
] as const;

/** Leads and bookings made per day: two bars a day in an SVG that scales to any width. */
export function DayChart({ days }: { days: Day[] }) {
  const max = Math.max(...days.map((d) => Math.max(d.leads, d.bookings)), 1);
  const slot = 10;
  const height = 60;
  const bar = (value: number) => (value / max) * height;
  return (
    <ChartPanel
      title="Leads and bookings per day"
      summary={<ChartLegend items={legend} />}
      chart={
        <div aria-hidden="true">
          <svg
            viewBox={`0 0 ${days.length * slot} ${height}`}
            preserveAspectRatio="none"
            className="h-40 w-full"
          >
            {days.map((d, i) => (
              <g key={d.date}>
                <rect
                  x={i * slot + 1}
                  y={height - bar(d.leads)}
                  width={slot / 2 - 1}
                  height={bar(d.leads)}
                  className="fill-brand"
                />
                <rect
                  x={i * slot + slot / 2}
                  y={height - bar(d.bookings)}
                  width={slot / 2 - 1}
                  height={bar(d.bookings)}
                  className="fill-muted"
                />
              </g>
            ))}
          </svg>
          <div className="flex justify-between text-xs text-muted">
            <span>{days[0] && formatDay(days[0].date)}</span>
            <span>{days.length > 1 && formatDay(days.at(-1)!.date)}</span>
          </div>
        </div>
      }
      table={() => (
        <ChartTable
          caption="Leads and bookings made per day"
          head={['Day', 'Leads', 'Bookings made']}
          rows={days.map((d) => ({
            key: d.date,
            cells: [formatDay(d.date), formatCount(d.leads), formatCount(d.bookings)],
          }))}
        />
      )}
    />
  );
}
