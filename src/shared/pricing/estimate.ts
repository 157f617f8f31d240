import { gstIncluded } from './money';
import { travelCost, type LatLng } from './travel';

// The one pricing function: the browser renders it instantly, the server recomputes it and
// never trusts a price sent by a browser. All money is integer cents, areas are m² to 3 decimals.

export interface PaneMeasurement {
  lengthMm: number;
  widthMm: number;
  /** The customer's own figure; when absent the area is length × width. */
  sqm?: number | null | undefined;
}

export interface PromoDiscount {
  code: string;
  discountType: 'percentage' | 'fixed';
  /** Whole percent for 'percentage', cents for 'fixed'. */
  discountValue: number;
}

export interface EstimateInput {
  glassCount: number;
  measurements: PaneMeasurement[];
  pricePerSqmCents: number;
  /** Jobs with fewer panes than this pay at least `minimumChargeCents` for the tinting. */
  glassMinimumThreshold: number;
  minimumChargeCents: number;
  /** Omitted when the address has no coordinates or no base is set. */
  travel?: { from: LatLng; to: LatLng; hourlyRateCents: number } | null;
  promo?: PromoDiscount | null;
}

export interface EstimateBreakdown {
  panes: { lengthMm: number; widthMm: number; sqm: number; priceCents: number }[];
  /** Panes counted but not measured, priced at the average measured pane. */
  extraPanes: {
    count: number;
    sqmEach: number;
    priceCents: number;
    /** 'minimum-job' only in estimates stored before ADR 044 (priced as phantom panes). */
    reason: 'unmeasured' | 'minimum-job';
  } | null;
  /** What a small job's tinting was raised by to reach the minimum job charge; null when not. */
  minimumCharge: MinimumCharge | null;
  totalSqm: number;
  ratePerSqmCents: number;
  tintCents: number;
  travel: { roundTripKm: number; minutes: number; costCents: number } | null;
  subtotalCents: number;
  discount: {
    code: string;
    discountType: PromoDiscount['discountType'];
    discountValue: number;
    amountCents: number;
  } | null;
  totalCents: number;
  gstCents: number;
}

export interface MinimumCharge {
  /** Jobs with fewer panes than this pay at least `chargeCents` for the tinting. */
  threshold: number;
  chargeCents: number;
  /** Added to the panes' price to reach the charge. */
  topUpCents: number;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function paneSqm(pane: PaneMeasurement): number {
  if (pane.sqm !== undefined && pane.sqm !== null && pane.sqm > 0) return round3(pane.sqm);
  return round3((pane.lengthMm * pane.widthMm) / 1_000_000);
}

export function discountCents(promo: PromoDiscount, subtotalCents: number): number {
  const raw =
    promo.discountType === 'percentage'
      ? Math.round((subtotalCents * promo.discountValue) / 100)
      : promo.discountValue;
  // capped at the total: the final price is never below 0
  return Math.max(0, Math.min(raw, subtotalCents));
}

/**
 * The top-up of a job with fewer panes than the threshold whose panes cost less than the minimum
 * charge; null when the charge does not raise the price. Nothing priced (no measurements) stays
 * unpriced: the minimum is a floor under a price, not a price of its own.
 */
export function minimumChargeOf(
  input: Pick<EstimateInput, 'glassMinimumThreshold' | 'minimumChargeCents'>,
  paneCount: number,
  panesCents: number,
): MinimumCharge | null {
  const { glassMinimumThreshold: threshold, minimumChargeCents: chargeCents } = input;
  if (paneCount >= threshold || panesCents <= 0 || panesCents >= chargeCents) return null;
  return { threshold, chargeCents, topUpCents: chargeCents - panesCents };
}

export function computeEstimate(input: EstimateInput): EstimateBreakdown {
  const rate = input.pricePerSqmCents;
  const panes = input.measurements.map((m) => {
    const sqm = paneSqm(m);
    return { lengthMm: m.lengthMm, widthMm: m.widthMm, sqm, priceCents: Math.round(sqm * rate) };
  });
  const measuredSqm = panes.reduce((sum, p) => sum + p.sqm, 0);
  const averageSqm = panes.length > 0 ? round3(measuredSqm / panes.length) : 0;

  // Panes counted but not measured are priced at the average measured pane. A job is never
  // priced with panes it does not have (ADR 044): a small one pays at least the minimum charge.
  const paneCount = Math.max(input.glassCount, panes.length);
  const extraCount = paneCount - panes.length;
  const extraPanes =
    extraCount > 0 && averageSqm > 0
      ? {
          count: extraCount,
          sqmEach: averageSqm,
          priceCents: Math.round(extraCount * averageSqm * rate),
          reason: 'unmeasured' as const,
        }
      : null;

  const panesCents =
    panes.reduce((sum, p) => sum + p.priceCents, 0) + (extraPanes?.priceCents ?? 0);
  const minimumCharge = minimumChargeOf(input, paneCount, panesCents);
  const tintCents = panesCents + (minimumCharge?.topUpCents ?? 0);
  const travel = input.travel
    ? travelCost(input.travel.from, input.travel.to, input.travel.hourlyRateCents)
    : null;
  const subtotalCents = tintCents + (travel?.costCents ?? 0);
  const discount = input.promo
    ? { ...input.promo, amountCents: discountCents(input.promo, subtotalCents) }
    : null;
  const totalCents = subtotalCents - (discount?.amountCents ?? 0);

  return {
    panes,
    extraPanes,
    minimumCharge,
    totalSqm: round3(measuredSqm + (extraPanes ? extraPanes.count * extraPanes.sqmEach : 0)),
    ratePerSqmCents: rate,
    tintCents,
    travel,
    subtotalCents,
    discount,
    totalCents,
    gstCents: gstIncluded(totalCents),
  };
}
