import type { EstimateResponse } from '#shared/estimate/estimate.contract.ts';
import { formatCents, formatPriceIncGst } from '#shared/pricing/money.ts';

type Breakdown = EstimateResponse['estimate'];

const area = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const whole = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });
const sqm = (value: number) => `${area.format(value)} m²`;

function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

function discountLabel({ discountType, discountValue }: NonNullable<Breakdown['discount']>) {
  return discountType === 'percentage'
    ? `${discountValue}% off`
    : `${formatCents(discountValue)} off`;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t-2 border-ink text-lg font-bold' : 'border-t border-line'}>
      <th scope="row" className={`py-2 pr-3 text-left ${strong ? 'font-bold' : 'font-normal'}`}>
        {label}
      </th>
      <td className="py-2 text-right whitespace-nowrap tabular-nums">{value}</td>
    </tr>
  );
}

/** The itemised estimate, as the server worked it out, in en-AU money. */
export function EstimateBreakdown({
  estimate,
  concern,
}: {
  estimate: Breakdown;
  concern: string | undefined;
}) {
  const { panes, extraPanes, minimumCharge, travel, discount } = estimate;
  const pricedPanes = panes.length + (extraPanes?.count ?? 0);
  // issue 15 item 10: 3.78 m² measured shows 3.78 m², not the 5.04 m² priced
  const measuredSqm = Math.round(panes.reduce((sum, pane) => sum + pane.sqm, 0) * 1000) / 1000;
  return (
    <table className="w-full text-left">
      <caption className="sr-only">Estimate breakdown</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {panes.map((pane, index) => (
          <Row
            key={index}
            label={`Pane ${index + 1}: ${whole.format(pane.lengthMm)} × ${whole.format(pane.widthMm)} mm, ${sqm(pane.sqm)}`}
            value={formatCents(pane.priceCents)}
          />
        ))}
        {extraPanes && (
          <Row
            label={
              extraPanes.reason === 'minimum-job'
                ? `Minimum job: priced as ${pricedPanes} panes, ${extraPanes.count} more at ${sqm(extraPanes.sqmEach)} each`
                : `${extraPanes.count} more ${extraPanes.count === 1 ? 'pane' : 'panes'} not measured, at the average ${sqm(extraPanes.sqmEach)} each`
            }
            value={formatCents(extraPanes.priceCents)}
          />
        )}
        {minimumCharge && (
          // ADR 044: a small job is raised to the minimum charge, never given panes it lacks
          <Row
            label={`Minimum job charge: jobs under ${minimumCharge.threshold} panes pay at least ${formatCents(minimumCharge.chargeCents)}`}
            value={`+${formatCents(minimumCharge.topUpCents)}`}
          />
        )}
        {/* the area measured; panes the price adds (not measured) have their line */}
        <Row label="Total area" value={sqm(measuredSqm)} />
        <Row
          label={concern ? `Rate for ${concern}` : 'Rate'}
          value={`${formatCents(estimate.ratePerSqmCents)} per m²`}
        />
        <Row label="Window tinting" value={formatCents(estimate.tintCents)} />
        {travel ? (
          <Row
            label={`Travel: ${duration(travel.minutes)} round trip (${whole.format(travel.roundTripKm)} km)`}
            value={formatCents(travel.costCents)}
          />
        ) : (
          <Row label="Travel" value="Confirmed by your consultant" />
        )}
        {discount && (
          <>
            <Row label="Subtotal" value={formatCents(estimate.subtotalCents)} />
            <Row
              label={`Promo code ${discount.code} (${discountLabel(discount)})`}
              value={`−${formatCents(discount.amountCents)}`}
            />
          </>
        )}
        <Row label="Total" value={formatPriceIncGst(estimate.totalCents)} strong />
        <Row label="GST included in the total" value={formatCents(estimate.gstCents)} />
      </tbody>
    </table>
  );
}
