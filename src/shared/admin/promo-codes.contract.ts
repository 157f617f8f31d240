import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { defaultBannerColour } from '#shared/catalogue/catalogue-defaults.ts';
import { hexColourSchema } from './admin-fields';

// Promo codes (spec §3): admin CRUD and the public one-code-at-a-time lookups.
export const promoAdminMessages = {
  code: 'Code must be 2 to 30 letters, digits, - or _',
  codeInUse: 'Code is already in use',
  description: 'Description must be at most 500 characters',
  discountType: 'Choose a percentage or a fixed discount',
  discountValue: 'Enter the discount as a whole number',
  percentage: 'Percentage must be between 1 and 100',
  fixed: 'Fixed discount must be from $0.01 to $100,000',
  seasonName: 'Season name must be at most 100 characters',
  utmTrigger: 'UTM trigger must be 1 to 100 letters, digits, -, _ or .',
  bannerText: 'Banner text must be at most 200 characters',
  date: 'Use a date-time with its offset, like 2026-12-01T00:00:00+11:00',
  dateOrder: 'Valid from must be before valid to',
  usageLimit: 'Usage limit must be a whole number of at least 1, or empty for no limit',
  active: 'Choose active or inactive',
  seasonal: 'Choose seasonal or not',
  notFound: 'Promo code not found.',
  disabled: 'Promo codes are not available right now.',
  noUtmPromo: 'There is no promotion for this link.',
} as const;
const m = promoAdminMessages;

const nullableText = (max: number, message: string) =>
  text({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value === '' ? null : value));
// forms send '' for an empty field
const emptyIsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema);
const instant = emptyIsNull(z.iso.datetime({ offset: true, error: m.date }).nullable());

/** The editable fields; cross-field rules are in promoFieldIssues. */
export const promoCodeFieldsSchema = z.object({
  // stored upper-case; unique whatever the case (a unique index on lower(code))
  code: z
    .string({ error: m.code })
    .trim()
    .regex(/^[A-Za-z0-9_-]{2,30}$/, m.code)
    .transform((code) => code.toUpperCase()),
  description: nullableText(500, m.description),
  discountType: z.enum(['percentage', 'fixed'], { error: m.discountType }),
  // percentage: whole percent; fixed: cents
  discountValue: z.number({ error: m.discountValue }).int(m.discountValue),
  isSeasonal: z.boolean({ error: m.seasonal }),
  seasonName: nullableText(100, m.seasonName),
  utmTrigger: emptyIsNull(
    z
      .string({ error: m.utmTrigger })
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,100}$/, m.utmTrigger)
      .nullable(),
  ),
  bannerText: nullableText(200, m.bannerText),
  bannerColor: emptyIsNull(hexColourSchema.nullable()),
  validFrom: instant,
  validTo: instant,
  usageLimit: emptyIsNull(
    z
      .number({ error: m.usageLimit })
      .int(m.usageLimit)
      .min(1, m.usageLimit)
      .max(1_000_000, m.usageLimit)
      .nullable(),
  ),
  isActive: z.boolean({ error: m.active }),
});
export type PromoCodeFields = z.infer<typeof promoCodeFieldsSchema>;

/** Field messages of the rules between fields (discount by type, date order). */
export function promoFieldIssues(p: PromoCodeFields): Record<string, string> {
  const issues: Record<string, string> = {};
  if (p.discountType === 'percentage' && (p.discountValue < 1 || p.discountValue > 100)) {
    issues.discountValue = m.percentage;
  }
  if (p.discountType === 'fixed' && (p.discountValue < 1 || p.discountValue > 10_000_000)) {
    issues.discountValue = m.fixed;
  }
  if (p.validFrom && p.validTo && Date.parse(p.validFrom) >= Date.parse(p.validTo)) {
    issues.validFrom = m.dateOrder;
  }
  return issues;
}

const withCrossFieldRules = <T extends z.ZodType<PromoCodeFields>>(schema: T) =>
  schema.superRefine((p, ctx) => {
    for (const [path, message] of Object.entries(promoFieldIssues(p))) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
  });

// POST /api/promo-codes: code, discountType and discountValue are required
export const createPromoCodeSchema = withCrossFieldRules(
  promoCodeFieldsSchema.extend({
    description: promoCodeFieldsSchema.shape.description.default(null),
    isSeasonal: promoCodeFieldsSchema.shape.isSeasonal.default(false),
    seasonName: promoCodeFieldsSchema.shape.seasonName.default(null),
    utmTrigger: promoCodeFieldsSchema.shape.utmTrigger.default(null),
    bannerText: promoCodeFieldsSchema.shape.bannerText.default(null),
    bannerColor: promoCodeFieldsSchema.shape.bannerColor.default(defaultBannerColour),
    validFrom: instant.default(null),
    validTo: instant.default(null),
    usageLimit: promoCodeFieldsSchema.shape.usageLimit.default(null),
    isActive: promoCodeFieldsSchema.shape.isActive.default(true),
  }),
);

// PUT /api/promo-codes/:id: any subset; merged with the stored code, then checked whole
export const updatePromoCodeSchema = promoCodeFieldsSchema.partial();
export type UpdatePromoCode = z.infer<typeof updatePromoCodeSchema>;

export const promoIdParamsSchema = z.object({ id: text().max(100) });

export const promoCodeDtoSchema = promoCodeFieldsSchema.extend({
  id: z.string(),
  code: z.string(),
  discountValue: z.number(),
  bannerColor: z.string(),
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromoCodeDto = z.infer<typeof promoCodeDtoSchema>;

export const promoCodeResponseSchema = z.object({
  success: z.literal(true),
  promoCode: promoCodeDtoSchema,
});
export const promoCodeListSchema = z.object({ promoCodes: z.array(promoCodeDtoSchema) });

// Public: what a banner and the estimate need of one valid code, nothing more
export const publicPromoDtoSchema = z.object({
  code: z.string(),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number(),
  bannerText: z.string(),
  bannerColor: z.string(),
});
/**
 * The answer of the public lookups: a lookup that finds nothing is a normal answer (200 with
 * promo null and why), not an error a browser logs (ADR 030).
 */
export const publicPromoSchema = z.object({
  promo: publicPromoDtoSchema.nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export const promoLookupParamsSchema = z.object({ code: text().max(100) });
export const promoUtmParamsSchema = z.object({ utmTrigger: text().max(100) });

/** "$10" or "$10.50" from cents. */
function dollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** Spec §9: 'SUMMER20 code activated! Get 20% off your service!' ($10 for a fixed discount). */
export function defaultBannerText(p: {
  code: string;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
}): string {
  const amount = p.discountType === 'percentage' ? `${p.discountValue}%` : dollars(p.discountValue);
  return `${p.code.toUpperCase()} code activated! Get ${amount} off your service!`;
}
