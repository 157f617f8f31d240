import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { formatCents } from '#shared/pricing/money.ts';
import { shortDateTime } from './lead-format';

type Estimate = NonNullable<LeadDetail['estimate']>;

const area = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const sqm = (value: number) => `${area.format(value)} m²`;

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t-2 border-ink font-bold' : 'border-t border-line'}>
      <th scope="row" className={`py-1 pr-3 text-left ${strong ? 'font-bold' : 'font-normal'}`}>
        {label}
      </th>
      <td className="py-1 text-right whitespace-nowrap tabular-nums">{value}</td>
    </tr>
  );
}

/** The estimate line by line, as the customer saw it (promo included). */
export function EstimateTable({ estimate }: { estimate: Estimate | null }) {
  return (
    <section aria-labelledby="lead-estimate-title" className="card space-y-3">
      <h2 id="lead-estimate-title" className="text-xl font-bold">
        Estimate
      </h2>
      {!estimate ? (
        <p className="text-muted">No estimate yet: the customer has not reached that step.</p>
      ) : (
        <>
          <p className="text-lg">
            Total <strong className="tabular-nums">{formatCents(estimate.totalCents)}</strong> inc.
            GST
          </p>
          <table className="w-full">
            <caption className="sr-only">Estimate breakdown</caption>
            <tbody>
              {estimate.panes.map((pane, index) => (
                <Row
                  key={index}
                  label={`Pane ${index + 1}: ${sqm(pane.sqm)}`}
                  value={formatCents(pane.priceCents)}
                />
              ))}
              {estimate.extraPanes && (
                <Row
                  label={`${estimate.extraPanes.count} more (${estimate.extraPanes.reason === 'minimum-job' ? 'minimum job' : 'not measured'}), ${sqm(estimate.extraPanes.sqmEach)} each`}
                  value={formatCents(estimate.extraPanes.priceCents)}
                />
              )}
              {estimate.minimumCharge && (
                <Row
                  label={`Minimum job charge (under ${estimate.minimumCharge.threshold} panes: at least ${formatCents(estimate.minimumCharge.chargeCents)})`}
                  value={`+${formatCents(estimate.minimumCharge.topUpCents)}`}
                />
              )}
              <Row
                label={`Tinting: ${sqm(estimate.totalSqm)} at ${formatCents(estimate.ratePerSqmCents)} per m²`}
                value={formatCents(estimate.tintCents)}
              />
              <Row
                label={
                  estimate.travel
                    ? `Travel: ${estimate.travel.roundTripKm} km round trip`
                    : 'Travel: not worked out'
                }
                value={estimate.travel ? formatCents(estimate.travel.costCents) : '—'}
              />
              {estimate.discount && (
                <>
                  <Row label="Subtotal" value={formatCents(estimate.subtotalCents)} />
                  <Row
                    label={`Promo code ${estimate.discount.code}`}
                    value={`−${formatCents(estimate.discount.amountCents)}`}
                  />
                </>
              )}
              <Row label="Total (inc. GST)" value={formatCents(estimate.totalCents)} strong />
              <Row label="GST included" value={formatCents(estimate.gstCents)} />
            </tbody>
          </table>
          {estimate.computedAt && (
            <p className="text-sm text-muted">Worked out {shortDateTime(estimate.computedAt)}</p>
          )}
        </>
      )}
    </section>
  );
}
