import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { checkPaneCount, detailsFormFields } from './details.contract';

// POST /api/estimates: the server recomputes every price; any price a browser sends is ignored.
export const estimateRequestSchema = detailsFormFields
  .pick({ glassCount: true, painPoint: true, measurements: true })
  .extend({
    sessionId: z.uuid('Invalid session id'),
    promoCode: text().trim().max(50).optional(),
  })
  .superRefine(checkPaneCount);
export type EstimateRequest = z.input<typeof estimateRequestSchema>;

const cents = z.number().int();

export const estimateBreakdownSchema = z.object({
  panes: z.array(
    z.object({ lengthMm: z.number(), widthMm: z.number(), sqm: z.number(), priceCents: cents }),
  ),
  extraPanes: z
    .object({
      count: z.number().int(),
      sqmEach: z.number(),
      priceCents: cents,
      // 'minimum-job': estimates stored before ADR 044 (phantom panes), still shown as they were
      reason: z.enum(['unmeasured', 'minimum-job']),
    })
    .nullable(),
  /** Only when the minimum job charge raised the price (ADR 044); absent in older estimates. */
  minimumCharge: z
    .object({ threshold: z.number().int(), chargeCents: cents, topUpCents: cents })
    .nullable()
    .default(null),
  totalSqm: z.number(),
  ratePerSqmCents: cents,
  tintCents: cents,
  travel: z
    .object({ roundTripKm: z.number(), minutes: z.number().int(), costCents: cents })
    .nullable(),
  subtotalCents: cents,
  discount: z
    .object({
      code: z.string(),
      discountType: z.enum(['percentage', 'fixed']),
      discountValue: z.number(),
      amountCents: cents,
    })
    .nullable(),
  totalCents: cents,
  gstCents: cents,
});

export const onsiteSchema = z.object({
  /** Whether an onsite visit can be booked for this many panes; otherwise a phone consultation. */
  available: z.boolean(),
  threshold: z.number().int(),
  restrictionEnabled: z.boolean(),
});
export type Onsite = z.infer<typeof onsiteSchema>;

export const estimateResponseSchema = z.object({
  estimate: estimateBreakdownSchema,
  onsite: onsiteSchema,
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

/** Onsite visits need at least `threshold` panes while the restriction is on. */
export function onsiteAvailability(
  glassCount: number,
  threshold: number,
  restrictionEnabled: boolean,
): Onsite {
  return {
    available: !restrictionEnabled || glassCount >= threshold,
    threshold,
    restrictionEnabled,
  };
}
