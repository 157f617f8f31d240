import { z } from 'zod';
import type { AdminPainPoint } from '#shared/admin/catalogue.contract.ts';
import {
  adminMessages,
  centsSchema,
  minimumChargeSchema,
  thresholdSchema,
  toggleSchema,
} from '#shared/admin/admin-fields.ts';
import type { Pricing, UpdatePricing } from '#shared/admin/pricing.contract.ts';
import { formatDollars, parseDollars } from './money';

// The pricing form holds dollars as typed text; the schema turns them into the API's cents
// with the shared contract's limits and messages.

/** Cents of a typed amount, when it is one the API takes. */
function centsOf(text: string, message: string): number | null {
  const cents = parseDollars(text);
  return cents !== null && centsSchema(message).safeParse(cents).success ? cents : null;
}

const dollarsSchema = (message: string) =>
  z.string().transform((text, ctx) => {
    const cents = centsOf(text, message);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const rowSchema = z
  .object({
    painPointName: z.string(),
    /** The pain point has a price on the server (a blank one cannot be taken back). */
    saved: z.boolean(),
    price: z.string(),
  })
  .transform((row, ctx) => {
    // a pain point without a price may stay so: estimates use the default price
    if (!row.saved && row.price.trim() === '') return null;
    const cents = centsOf(row.price, adminMessages.pricePerSqm);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: adminMessages.pricePerSqm });
      return z.NEVER;
    }
    return { painPointName: row.painPointName, pricePerSqmCents: cents };
  });

export const pricingFormSchema = z.object({
  rows: z.array(rowSchema),
  travelHourlyRate: dollarsSchema(adminMessages.travelRate),
  glassMinimumThreshold: thresholdSchema,
  minimumJobCharge: z.string().transform((text, ctx) => {
    // blank or $0: no minimum charge
    const cents = text.trim() === '' ? 0 : parseDollars(text);
    if (cents === null || !minimumChargeSchema.safeParse(cents).success) {
      ctx.addIssue({ code: 'custom', message: adminMessages.minimumCharge });
      return z.NEVER;
    }
    return cents;
  }),
  onsiteGlassThreshold: thresholdSchema,
  onsiteRestrictionEnabled: toggleSchema,
});
export type PricingValues = z.input<typeof pricingFormSchema>;
export type PricingOutput = z.output<typeof pricingFormSchema>;

/** The form's values: one price row per pain point, in the pain points' order. */
export function toPricingValues(pricing: Pricing, painPoints: AdminPainPoint[]): PricingValues {
  const prices = new Map(pricing.rows.map((row) => [row.painPointName, row.pricePerSqmCents]));
  return {
    rows: painPoints.map((painPoint) => {
      const cents = prices.get(painPoint.id);
      return {
        painPointName: painPoint.id,
        saved: cents !== undefined,
        price: cents === undefined ? '' : formatDollars(cents),
      };
    }),
    travelHourlyRate: formatDollars(pricing.travelHourlyRate),
    glassMinimumThreshold: pricing.glassMinimumThreshold,
    minimumJobCharge: formatDollars(pricing.minimumJobCharge),
    onsiteGlassThreshold: pricing.onsiteGlassThreshold,
    onsiteRestrictionEnabled: pricing.onsiteRestrictionEnabled,
  };
}

/**
 * Only what the admin changed since the form was filled: a save then cannot undo a change
 * someone else made meanwhile to another price.
 */
export function pricingChanges(before: Pricing, after: PricingOutput): UpdatePricing {
  const prices = new Map(before.rows.map((row) => [row.painPointName, row.pricePerSqmCents]));
  const rows = after.rows.filter(
    (row): row is NonNullable<typeof row> =>
      row !== null && prices.get(row.painPointName) !== row.pricePerSqmCents,
  );
  const changed = (field: Exclude<keyof Pricing, 'rows'>) => after[field] !== before[field];
  return {
    ...(rows.length > 0 && { rows }),
    ...(changed('travelHourlyRate') && { travelHourlyRate: after.travelHourlyRate }),
    ...(changed('glassMinimumThreshold') && { glassMinimumThreshold: after.glassMinimumThreshold }),
    ...(changed('minimumJobCharge') && { minimumJobCharge: after.minimumJobCharge }),
    ...(changed('onsiteGlassThreshold') && { onsiteGlassThreshold: after.onsiteGlassThreshold }),
    ...(changed('onsiteRestrictionEnabled') && {
      onsiteRestrictionEnabled: after.onsiteRestrictionEnabled,
    }),
  };
}
