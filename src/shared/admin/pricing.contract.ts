import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import {
  adminMessages,
  centsSchema,
  minimumChargeSchema,
  thresholdSchema,
  toggleSchema,
} from './admin-fields';

// GET and PUT /api/admin/pricing: price per m² by pain point, travel rate and thresholds.
export const pricingMessages = {
  painPointName: 'Choose a pain point for each pricing row',
  unknownPainPoint: 'There is no pain point with this id',
  duplicateRow: 'Each pain point may have one pricing row only',
  description: 'Description must be at most 300 characters',
  active: 'Choose active or inactive',
} as const;
const m = pricingMessages;

export const pricingRowSchema = z.object({
  id: z.string(),
  painPointName: z.string(),
  pricePerSqmCents: z.number(),
  description: z.string(),
  isActive: z.boolean(),
});
export type PricingRow = z.infer<typeof pricingRowSchema>;

export const pricingSchema = z.object({
  rows: z.array(pricingRowSchema),
  travelHourlyRate: z.number(),
  glassMinimumThreshold: z.number(),
  /** Cents: the least a job under the threshold pays for its tinting (ADR 044). */
  minimumJobCharge: z.number(),
  onsiteGlassThreshold: z.number(),
  onsiteRestrictionEnabled: z.boolean(),
});
export type Pricing = z.infer<typeof pricingSchema>;

// Rows are matched by pain point (one row each): a new pain point gets its row here.
export const pricingRowInputSchema = z.object({
  painPointName: text({ error: m.painPointName })
    .trim()
    .min(1, m.painPointName)
    .max(50, m.painPointName),
  pricePerSqmCents: centsSchema(adminMessages.pricePerSqm),
  description: text({ error: m.description }).trim().max(300, m.description).optional(),
  isActive: z.boolean({ error: m.active }).optional(),
});
export type PricingRowInput = z.infer<typeof pricingRowInputSchema>;

export const updatePricingSchema = z.object({
  rows: z
    .array(pricingRowInputSchema)
    .max(100)
    .refine(
      (rows) => new Set(rows.map((r) => r.painPointName)).size === rows.length,
      m.duplicateRow,
    )
    .optional(),
  travelHourlyRate: centsSchema(adminMessages.travelRate).optional(),
  glassMinimumThreshold: thresholdSchema.optional(),
  minimumJobCharge: minimumChargeSchema.optional(),
  onsiteGlassThreshold: thresholdSchema.optional(),
  onsiteRestrictionEnabled: toggleSchema.optional(),
});
export type UpdatePricing = z.infer<typeof updatePricingSchema>;

export const pricingResponseSchema = pricingSchema.extend({ success: z.literal(true) });
