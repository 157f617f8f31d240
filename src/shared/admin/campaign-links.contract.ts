import { z } from 'zod';
import { text } from '#shared/api/text.ts';

// Campaign links and QR codes (issue 30): a booking link with utm tags (and optionally a promo
// code) for a van, a yard sign or a flyer, saved with a name and downloaded as a QR code.
export const campaignLinkMessages = {
  name: 'Enter a name of 1 to 80 characters.',
  source: 'Source must be 1 to 60 lowercase letters, digits, -, _ or .',
  medium: 'Medium must be 1 to 60 lowercase letters, digits, -, _ or .',
  campaign: 'Campaign must be 1 to 60 lowercase letters, digits, -, _ or .',
  promoCode: 'Choose an active promo code, or leave it empty.',
  notFound: 'Campaign link not found.',
} as const;
const m = campaignLinkMessages;

// lowercase only: GA4 and the lead list group "Van" and "van" apart, so one spelling is kept
const tag = (message: string) =>
  text({ error: message })
    .trim()
    .regex(/^[a-z0-9_.-]{1,60}$/, message);

export const createCampaignLinkSchema = z.object({
  name: text({ error: m.name }).trim().min(1, m.name).max(80, m.name),
  source: tag(m.source),
  medium: tag(m.medium),
  campaign: tag(m.campaign),
  /** An existing active promo code (checked by the server); '' or null: none. */
  promoCode: z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      text({ error: m.promoCode }).trim().max(30, m.promoCode).nullable(),
    )
    .optional(),
});
export type CreateCampaignLink = z.output<typeof createCampaignLinkSchema>;

export const campaignLinkIdParamsSchema = z.object({
  id: z.string().min(1).max(100),
});

export const campaignLinkSchema = z.object({
  id: z.string(),
  /** The booking page with the utm tags (and the promo code, as the page's #CODE). */
  url: z.string(),
  name: z.string(),
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
  promoCode: z.string().nullable(),
  createdAt: z.string(),
});
export type CampaignLink = z.infer<typeof campaignLinkSchema>;

export const campaignLinkResponseSchema = z.object({ link: campaignLinkSchema });
export const campaignLinkListSchema = z.object({ links: z.array(campaignLinkSchema) });
