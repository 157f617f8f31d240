import {
  computeEstimate,
  type EstimateBreakdown,
  type PromoDiscount,
} from '#shared/pricing/estimate.ts';
import type { LatLng } from '#shared/pricing/travel.ts';

/** The settings an estimate is priced by (spec §9), as the server and the demo read them. */
export interface PriceSettings {
  glass_minimum_threshold: number;
  minimum_job_charge_cents: number;
  travel_hourly_rate_cents: number;
  /** The business's base, where travel is measured from; null while unknown. */
  base_address: LatLng | null;
}

interface PriceRequest {
  glassCount: number;
  /** The panes as the Details form sends them: millimetres, and the area when typed. */
  measurements: { length: number; width: number; sqm?: number | null | undefined }[];
}

/**
 * An estimate request priced by the one pricing function, for the server and the static demo
 * alike: travel is charged only when both the base and the customer's address have coordinates.
 */
export function priceRequest(
  request: PriceRequest,
  pricePerSqmCents: number,
  settings: PriceSettings,
  address: LatLng | null,
  promo: PromoDiscount | null,
): EstimateBreakdown {
  const base = settings.base_address;
  return computeEstimate({
    glassCount: request.glassCount,
    measurements: request.measurements.map((m) => ({
      lengthMm: m.length,
      widthMm: m.width,
      sqm: m.sqm,
    })),
    pricePerSqmCents,
    glassMinimumThreshold: settings.glass_minimum_threshold,
    minimumChargeCents: settings.minimum_job_charge_cents,
    travel:
      base && address
        ? { from: base, to: address, hourlyRateCents: settings.travel_hourly_rate_cents }
        : null,
    promo,
  });
}
