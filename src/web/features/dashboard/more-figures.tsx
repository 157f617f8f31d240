import type { DashboardResponse, Figure } from '#shared/dashboard/dashboard.contract.ts';
import { ChartTable } from './chart-panel';
import { changeOf, formatCount, formatMoney } from './dashboard-format';

const row = (label: string, figure: Figure, format: (n: number) => string = formatCount) => ({
  key: label,
  cells: [
    label,
    format(figure.current),
    figure.previous === null ? '–' : format(figure.previous),
    changeOf(figure, format)?.text.replace(' vs previous period', '') ?? '–',
  ],
});

/** Bookings, estimate value and promo codes: figures without a chart, as tables. */
export function MoreFigures({ data }: { data: DashboardResponse }) {
  const { bookings: b, estimates: e, promos: p } = data;
  const head = ['Figure', 'This period', 'Previous period', 'Change'];
  return (
    <section aria-labelledby="more-figures" className="card min-w-0 space-y-4">
      <h2 id="more-figures" className="text-lg font-bold">
        Bookings, estimates and promo codes
      </h2>
      <div className="overflow-x-auto">
        <ChartTable
          caption="Bookings"
          head={head}
          rows={[
            row('Bookings made', b.made),
            row('Phone consultations', b.phone),
            row('Onsite consultations', b.onsite),
            row('Cancellations', b.cancellations),
            row('Reschedules', b.reschedules),
            row('No-shows', b.noShows),
            row('Estimates given (total)', e.given.totalCents, formatMoney),
            row('Estimates given (average)', e.given.averageCents, formatMoney),
            row('Estimates of booked leads (total)', e.booked.totalCents, formatMoney),
            row('Estimates of booked leads (average)', e.booked.averageCents, formatMoney),
            row('Promo codes used', p.uses),
            row('Promo codes booked', p.booked),
            row('Discount given on bookings', p.discountCents, formatMoney),
          ]}
        />
      </div>
      {e.byConcern.length > 0 && (
        <div className="overflow-x-auto">
          <ChartTable
            caption="Estimates by main concern"
            head={['Main concern', 'Estimates', 'Total', 'Average']}
            rows={e.byConcern.map((c) => ({
              key: c.painPoint,
              cells: [
                c.name,
                formatCount(c.count),
                formatMoney(c.totalCents),
                formatMoney(c.averageCents),
              ],
            }))}
          />
        </div>
      )}
      {p.codes.length > 0 && (
        <div className="overflow-x-auto">
          <ChartTable
            caption="Promo codes"
            head={['Code', 'Used', 'Booked', 'Discount on bookings']}
            rows={p.codes.map((c) => ({
              key: c.code,
              cells: [
                c.code,
                formatCount(c.uses),
                formatCount(c.booked),
                formatMoney(c.discountCents),
              ],
            }))}
          />
        </div>
      )}
    </section>
  );
}
