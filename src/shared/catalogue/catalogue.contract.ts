import { z } from 'zod';
import { brandingSchema } from '#shared/branding/branding.contract.ts';

export const painPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
});
export type PainPoint = z.infer<typeof painPointSchema>;

export const bookingOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  /** Minutes. */
  duration: z.number().int(),
});
export type BookingOption = z.infer<typeof bookingOptionSchema>;

export const toggleKeys = [
  'calendar_view_enabled',
  'promo_codes_enabled',
  'seasonal_promotions_enabled',
  'form_webhook_enabled',
] as const;
export type ToggleKey = (typeof toggleKeys)[number];

export const bannerSchema = z.object({
  key: z.string(),
  text: z.string(),
  color: z.string(),
});

/** What anyone may read of the settings: toggles, business contact details, banners. */
export const publicSettingsSchema = z.object({
  toggles: z.record(z.enum(toggleKeys), z.boolean()),
  business: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  banners: z.array(bannerSchema),
  branding: brandingSchema,
  /**
   * Whether customer e-mails really go out: true once a mail server is set up (SMTP_URL or the
   * Settings → E-mail server). Until then they are only written to the server log, and no screen
   * may say a message was e-mailed (issue 26 item 9).
   */
  messages: z.object({ emailSent: z.boolean() }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const painPointsResponseSchema = z.object({ painPoints: z.array(painPointSchema) });
export const bookingOptionsResponseSchema = z.object({
  bookingOptions: z.array(bookingOptionSchema),
});
