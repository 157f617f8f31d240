import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { attributionFamilies, attributionParams, type AttributionParam } from './attribution';

// Spec §7 "UTM and ad tracking": POST /api/utm/capture, /link-lead and /send-ga4-event.

export const utmMessages = {
  sessionId: 'Invalid session id',
  utmTrackingId: 'Invalid UTM tracking id',
  leadId: 'Invalid lead id',
  value: 'Each parameter must be at most 500 characters',
  url: 'Page URL and referrer must be at most 2000 characters',
  clientId: 'Invalid GA client id',
} as const;

const paramValue = text().trim().max(500, utmMessages.value).optional();
const urlText = text().trim().max(2000, utmMessages.url).optional();

export const utmParamsSchema = z
  .object(
    Object.fromEntries(attributionParams.map((name) => [name, paramValue])) as Record<
      AttributionParam,
      typeof paramValue
    >,
  )
  .strict();

export const utmCaptureInputSchema = z.object({
  sessionId: z.uuid(utmMessages.sessionId),
  utmParams: utmParamsSchema.default({}),
  pageUrl: urlText,
  referrer: urlText,
});
export type UtmCaptureInput = z.input<typeof utmCaptureInputSchema>;

export const utmCaptureResponseSchema = z.object({
  success: z.boolean(),
  utmTrackingId: z.uuid(),
  /** GA4 is configured, the business sends to it, and this browser did not ask not to be tracked. */
  shouldSendGA4: z.boolean(),
  /** False when this session already landed with the same parameters and referrer. */
  isNew: z.boolean(),
  family: z.enum(attributionFamilies),
});
export type UtmCaptureResponse = z.infer<typeof utmCaptureResponseSchema>;

export const utmLinkLeadInputSchema = z.object({
  utmTrackingId: z.uuid(utmMessages.utmTrackingId),
  leadId: z.uuid(utmMessages.leadId),
});
export const utmLinkLeadResponseSchema = z.object({ success: z.boolean(), linked: z.number() });

/** GA's client id: two dot-separated numbers, as in the `_ga` cookie after "GA1.1.". */
export const gaClientIdPattern = /^\d{1,20}\.\d{1,20}$/;

export const utmSendGa4InputSchema = z.object({
  utmTrackingId: z.uuid(utmMessages.utmTrackingId),
  clientId: text().trim().regex(gaClientIdPattern, utmMessages.clientId).optional(),
  // Checked for shape only: what is hashed and sent is the lead's stored customer record.
  leadData: z
    .object({
      email: text().trim().max(254).optional(),
      phone: text().trim().max(30).optional(),
      firstName: text().trim().max(50).optional(),
      lastName: text().trim().max(50).optional(),
      propertyAddress: text().trim().max(300).optional(),
    })
    .default({}),
});
export const utmSendGa4ResponseSchema = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
});
