import { z } from 'zod';
import { attributionFamilies } from '#shared/attribution/attribution.ts';
import { measurementSchema } from '#shared/estimate/details.contract.ts';
import {
  estimateBreakdownSchema,
  onsiteAvailability,
  type Onsite,
} from '#shared/estimate/estimate.contract.ts';
import type { SettingValues } from '#shared/settings/settings-registry.ts';

// What `leads.data` (jsonb) holds: each step of the booking flow, attribution and consent merge
// their part into it (src/server/db/lead-writes.ts). Rows written by older releases, or by hand,
// must never fail a read, so every part is lenient: anything unreadable counts as absent.

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const leadDataSchema = z
  .object({
    /** Contact step: the booking option chosen, and the form as typed. */
    bookingOption: lenient(z.string()),
    contactFormData: lenient(z.record(z.string(), z.unknown())),
    /** Details step (stage 'details'). */
    details: lenient(
      z.object({
        glassCount: lenient(z.number().int()),
        painPoint: lenient(z.string()),
        jobDescription: lenient(z.string()),
        measurements: lenient(z.array(measurementSchema)),
      }),
    ),
    /** Estimate step (stage 'estimate'): the total in cents and the breakdown it came from. */
    estimatedPrice: lenient(z.number().int()),
    estimate: lenient(estimateBreakdownSchema.extend({ computedAt: z.string().optional() })),
    /** The booking made from the lead (stage 'booked'). */
    bookingId: lenient(z.string()),
    /** Attribution of the landing that led to the lead (POST /api/utm/link). */
    attributionFamily: lenient(z.enum(attributionFamilies)),
    clickIds: lenient(z.record(z.string(), z.string())),
    /** Consent to send hashed personal data to GA4, recorded before anything is sent. */
    adConsent: lenient(z.boolean()),
    adConsentRecordedAt: lenient(z.string()),
    adConsentReason: lenient(z.string()),
    gaClientId: lenient(z.string()),
  })
  .catch({});
export type LeadData = z.output<typeof leadDataSchema>;

/** The one reader of `leads.data`: never throws; a part it cannot read is undefined. */
export function parseLeadData(raw: unknown): LeadData {
  return leadDataSchema.parse(raw);
}

/** The settings the onsite offer is decided by (spec §9). */
export const leadFactSettingKeys = [
  'onsite_glass_threshold',
  'onsite_restriction_enabled',
] as const;
type LeadFactSettings = SettingValues<(typeof leadFactSettingKeys)[number]>;

export interface LeadFacts {
  /** The panes the Details step left; 0 before it (or when unreadable). */
  glassCount: number;
  /** Whether an onsite visit can be booked for those panes, with the settings of now. */
  onsite: Onsite;
}

/** What booking, the saved estimate and the manage link check an onsite consultation against. */
export function leadFacts(data: LeadData, settings: LeadFactSettings): LeadFacts {
  const glassCount = data.details?.glassCount ?? 0;
  return {
    glassCount,
    onsite: onsiteAvailability(
      glassCount,
      settings.onsite_glass_threshold,
      settings.onsite_restriction_enabled,
    ),
  };
}
