import { clickFamilyLabels, type DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import { Link } from '#web/lib/router.tsx';
import { Bar, ChartLegend, ChartPanel, ChartTable } from './chart-panel';
import { formatCount, formatRatio } from './dashboard-format';
import { leadsHref } from './dashboard-range';

interface Range {
  from: string;
  to: string;
}

function SourceName({ source, range, linked }: { source: string; range: Range; linked: boolean }) {
  return linked ? (
    <Link to={leadsHref(range, { source })} className="link">
      {source}
    </Link>
  ) : (
    <>{source}</>
  );
}

const legend = [
  { label: 'Leads', tone: 'brand' },
  { label: 'Booked', tone: 'muted' },
] as const;

/** Leads and bookings per source (utm_source, else 'website'); a source opens its leads. */
export function SourceChart({ data, range }: { data: DashboardResponse; range: Range }) {
  const rows = data.bySource.filter((s) => s.leads.current > 0 || s.booked.current > 0);
  const max = Math.max(...rows.map((s) => s.leads.current), 0);
  return (
    <ChartPanel
      title="Leads by source"
      summary={<ChartLegend items={legend} />}
      chart={
        rows.length === 0 ? (
          <p className="text-muted">No leads in this range.</p>
        ) : (
          <ul className="space-y-3">
            {rows.map((s) => (
              <li key={s.source} className="space-y-1">
                <div className="flex flex-wrap justify-between gap-x-3 text-sm">
                  <span className="font-semibold">
                    <SourceName source={s.source} range={range} linked />
                  </span>
                  <span className="tabular-nums">
                    {formatCount(s.leads.current)} leads · {formatCount(s.booked.current)} booked
                  </span>
                </div>
                <Bar value={s.leads.current} max={max} />
                <Bar value={s.booked.current} max={max} tone="muted" />
              </li>
            ))}
          </ul>
        )
      }
      table={(visible) => (
        <>
          <ChartTable
            caption="Leads by source"
            head={['Source', 'Leads', 'Previous period', 'Booked', 'Won', 'Conversion']}
            rows={rows.map((s) => ({
              key: s.source,
              cells: [
                <SourceName key="name" source={s.source} range={range} linked={visible} />,
                formatCount(s.leads.current),
                s.leads.previous === null ? '–' : formatCount(s.leads.previous),
                formatCount(s.booked.current),
                formatCount(s.won),
                formatRatio(s.conversion),
              ],
            }))}
          />
          <ChartTable
            caption="Leads by click id family"
            head={['Family', 'Leads', 'Previous period', 'Booked', 'Conversion']}
            rows={data.byFamily
              .filter((f) => f.leads.current > 0 || (f.leads.previous ?? 0) > 0)
              .map((f) => ({
                key: f.family,
                cells: [
                  clickFamilyLabels[f.family],
                  formatCount(f.leads.current),
                  f.leads.previous === null ? '–' : formatCount(f.leads.previous),
                  formatCount(f.booked.current),
                  formatRatio(f.conversion),
                ],
              }))}
          />
          <ChartTable
            caption="Leads by campaign"
            head={['Source / medium / campaign', 'Leads', 'Booked', 'Conversion']}
            rows={data.byCampaign
              .filter((c) => c.leads.current > 0)
              .map((c) => ({
                key: `${c.source}/${c.medium ?? ''}/${c.campaign ?? ''}`,
                cells: [
                  [c.source, c.medium ?? '(none)', c.campaign ?? '(none)'].join(' / '),
                  formatCount(c.leads.current),
                  formatCount(c.booked.current),
                  formatRatio(c.conversion),
                ],
              }))}
          />
        </>
      )}
    />
  );
}
