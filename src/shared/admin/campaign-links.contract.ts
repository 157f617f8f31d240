import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { dashboardDate, dashboardMessages } from '#shared/dashboard/dashboard.contract.ts';

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

/**
 * GET /api/dashboard/campaign-links (staff): each saved link's figures over a range of Melbourne
 * days, the dashboard's range. A visit is a browser session that landed with exactly the link's
 * utm_source, utm_medium and utm_campaign in the range; leads are the distinct leads of those
 * visits, bookings their bookings that are not cancelled.
 */
export const campaignLinkStatsQuerySchema = z
  .object({
    /** First Melbourne day of the range; with `to` missing too, the last 7 days. */
    from: dashboardDate.optional(),
    /** Last Melbourne day of the range (inclusive); today when missing. */
    to: dashboardDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, {
    message: dashboardMessages.rangeOrder,
    path: ['to'],
  });

export const campaignLinkStatsSchema = z.object({
  range: z.object({ from: z.iso.date(), to: z.iso.date() }),
  links: z.array(
    campaignLinkSchema
      .pick({ id: true, name: true, source: true, medium: true, campaign: true })
      .extend({
        visits: z.number().int(),
        leads: z.number().int(),
        bookings: z.number().int(),
      }),
  ),
});
export type CampaignLinkStats = z.infer<typeof campaignLinkStatsSchema>;
export type CampaignLinkFigures = CampaignLinkStats['links'][number];
