import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { isAustralianPhone } from '#shared/contact/phone.ts';
import {
  adminMessages,
  bookingRuleFields,
  centsSchema,
  emailSchema,
  hexColourSchema,
  httpsUrlSchema,
  minimumChargeSchema,
  thresholdSchema,
  toggleSchema,
} from './admin-fields';
import { looksSecret, maskSecret } from './secrets';

// The generic settings API (spec §7): GET, POST, DELETE /api/settings/:key.
export const settingsMessages = {
  key: 'Key must be 2 to 64 lowercase letters, digits or underscores, starting with a letter',
  category: 'Category must be 2 to 40 lowercase letters, digits or underscores',
  description: 'Description must be at most 300 characters',
  valueRequired: 'Value is required',
  valueTooLarge: 'Value is too large (at most 20,000 characters of JSON)',
  notFound: 'Setting not found.',
  builtIn: 'This setting is built in and cannot be deleted. Change its value instead.',
  wrongCategory: (category: string) => `This setting belongs to the ${category} category`,
  businessName: 'Business name must be 1 to 100 characters',
  phone: 'Enter an Australian phone number, like (03) 9123 4567',
  address: 'Base address needs an address (3 to 200 characters), a latitude and a longitude',
  secret: 'Secret must be 16 to 256 characters',
  bannerText: 'Banner text must be 1 to 200 characters',
  accountSid: 'Account SID must be AC followed by 32 letters a–f and digits',
  fromNumber: 'From number must be in international format, like +61412345678',
  authToken: 'Auth token must be 16 to 128 characters',
  smtpHost: 'Host must be a server name, like smtp.example.com',
  smtpPort: 'Port must be a whole number between 1 and 65535',
  smtpUser: 'User must be at most 200 characters',
  password: 'Password must be 1 to 256 characters',
  apiKey: 'API key must be 16 to 256 characters',
  ga4MeasurementId:
    'Measurement ID must look like G-ABC123DEF4 (Google Analytics: Admin → Data streams → your stream)',
  ga4ApiSecret: 'API secret must be 16 to 256 characters',
  returningLeadDays: 'Days must be a whole number from 0 to 3650',
} as const;
const sm = settingsMessages;

export const settingKeySchema = z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, sm.key);
export const settingCategorySchema = z.string().regex(/^[a-z][a-z0-9_]{1,39}$/, sm.category);

const baseAddressSchema = z.object(
  {
    address: text({ error: sm.address }).trim().min(3, sm.address).max(200, sm.address),
    lat: z.number({ error: sm.address }).min(-90, sm.address).max(90, sm.address),
    lng: z.number({ error: sm.address }).min(-180, sm.address).max(180, sm.address),
  },
  { error: sm.address },
);
const secretSchema = (message: string) =>
  text({ error: message }).min(16, message).max(256, message);

export const smtpHostSchema = z
  .string({ error: sm.smtpHost })
  .trim()
  .regex(
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/,
    sm.smtpHost,
  );
export const accountSidSchema = z
  .string({ error: sm.accountSid })
  .trim()
  .regex(/^AC[0-9a-fA-F]{32}$/, sm.accountSid);
export const e164Schema = z
  .string({ error: sm.fromNumber })
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, sm.fromNumber);
export const authTokenSchema = text({ error: sm.authToken })
  .trim()
  .min(16, sm.authToken)
  .max(128, sm.authToken);
export const smtpPortSchema = z
  .number({ error: sm.smtpPort })
  .int(sm.smtpPort)
  .min(1, sm.smtpPort)
  .max(65535, sm.smtpPort);
export const smtpUserSchema = text({ error: sm.smtpUser }).trim().max(200, sm.smtpUser);
export const smtpPasswordSchema = text({ error: sm.password })
  .min(1, sm.password)
  .max(256, sm.password);
export const apiKeySchema = secretSchema(sm.apiKey);
export const ga4MeasurementIdSchema = z
  .string({ error: sm.ga4MeasurementId })
  .trim()
  .toUpperCase()
  .regex(/^G-[A-Z0-9]{4,20}$/, sm.ga4MeasurementId);
export const ga4ApiSecretSchema = secretSchema(sm.ga4ApiSecret);

interface KeyDefinition {
  category: string;
  description: string;
  schema: z.ZodType;
  /** Write-only: answered masked, never whole. */
  secret?: boolean;
  /** Seeded by migration and read with a fallback: may be changed, never deleted. */
  builtIn?: boolean;
}

const builtIn = (category: string, description: string, schema: z.ZodType): KeyDefinition => ({
  category,
  description,
  schema,
  builtIn: true,
});
const optional = (
  category: string,
  description: string,
  schema: z.ZodType,
  secret = false,
): KeyDefinition => ({ category, description, schema, secret });

const r = bookingRuleFields;

/** Every setting the app knows, with the schema its value must pass (drizzle/0001 seeds most). */
export const knownSettings: Record<string, KeyDefinition> = {
  calendar_view_enabled: builtIn('toggles', 'Show the calendar on the booking step', toggleSchema),
  promo_codes_enabled: builtIn(
    'toggles',
    'Accept promo codes and show promo banners',
    toggleSchema,
  ),
  seasonal_promotions_enabled: builtIn('toggles', 'Run seasonal promotions', toggleSchema),
  form_webhook_enabled: builtIn('toggles', 'Send the form-completion webhook', toggleSchema),
  business_name: builtIn(
    'business',
    'Shown in the header and messages',
    text({ error: sm.businessName }).trim().min(1, sm.businessName).max(100, sm.businessName),
  ),
  contact_email: builtIn('business', 'Shown in the help dialog', emailSchema),
  contact_phone: builtIn(
    'business',
    'Shown in the help dialog',
    text({ error: sm.phone }).trim().max(30, sm.phone).refine(isAustralianPhone, sm.phone),
  ),
  base_address: builtIn('business', 'Where travel is measured from', baseAddressSchema),
  returning_lead_days: builtIn(
    'business',
    "Days an open lead is continued by the same customer's next enquiry",
    z
      .number({ error: sm.returningLeadDays })
      .int(sm.returningLeadDays)
      .min(0, sm.returningLeadDays)
      .max(3650, sm.returningLeadDays),
  ),
  travel_hourly_rate_cents: builtIn(
    'pricing',
    'Travel charge per hour of round-trip driving',
    centsSchema(adminMessages.travelRate),
  ),
  glass_minimum_threshold: builtIn(
    'pricing',
    'Jobs with fewer panes pay at least the minimum job charge',
    thresholdSchema,
  ),
  minimum_job_charge_cents: builtIn(
    'pricing',
    'Least a job under the pane threshold pays for its tinting (travel added)',
    minimumChargeSchema,
  ),
  onsite_glass_threshold: builtIn(
    'pricing',
    'Panes needed for an onsite consultation',
    thresholdSchema,
  ),
  onsite_restriction_enabled: builtIn(
    'pricing',
    'Offer onsite consultations only from the threshold',
    toggleSchema,
  ),
  cutoff_hour: builtIn('booking_rules', 'Same-day bookings close at this hour', r.cutoffHour),
  same_day_lead_time: builtIn(
    'booking_rules',
    'Hours of notice for a same-day booking',
    r.sameDayLeadTime,
  ),
  next_day_lead_time: builtIn(
    'booking_rules',
    'Hours after the first slot for next-day bookings after the cutoff',
    r.nextDayLeadTime,
  ),
  allow_weekends: builtIn('booking_rules', 'Offer Saturday and Sunday slots', r.allowWeekends),
  timezone: builtIn('booking_rules', 'Time zone of the booking rules', r.timezone),
  first_slot: builtIn('booking_rules', 'Start of the first slot of the day', r.firstSlot),
  slots_per_day: builtIn('booking_rules', 'Slots offered each day', r.slotsPerDay),
  slot_minutes: builtIn('booking_rules', 'Length of each slot', r.slotMinutes),
  blackout_dates: builtIn(
    'booking_rules',
    'Dates closed for bookings (YYYY-MM-DD)',
    r.blackoutDates,
  ),
  booking_staff: builtIn('booking_rules', 'Staff members who take bookings', r.bookingStaff),
  form_webhook_url: optional(
    'webhook',
    'Where the form-completion webhook is sent',
    httpsUrlSchema,
  ),
  form_webhook_secret: optional(
    'webhook',
    'Signs the webhook (HMAC)',
    secretSchema(sm.secret),
    true,
  ),
  twilio_account_sid: optional('messaging', 'Twilio account SID', accountSidSchema),
  twilio_from_number: optional('messaging', 'Number text messages come from', e164Schema),
  twilio_auth_token: optional('messaging', 'Twilio auth token', authTokenSchema, true),
  smtp_host: optional('email', 'Mail server', smtpHostSchema),
  smtp_port: optional('email', 'Mail server port', smtpPortSchema),
  smtp_secure: optional('email', 'Connect with TLS', toggleSchema),
  smtp_user: optional('email', 'Mail server user', smtpUserSchema),
  smtp_password: optional('email', 'Mail server password', smtpPasswordSchema, true),
  smtp_from: optional('email', 'Address e-mail comes from', emailSchema),
  trak_base_url: optional('integrations', 'Job-tracking system address', httpsUrlSchema),
  trak_api_key: optional('integrations', 'Job-tracking system API key', apiKeySchema, true),
  trak_enabled: optional('integrations', 'Send bookings to the job-tracking system', toggleSchema),
  ga4_measurement_id: optional(
    'analytics',
    'GA4 measurement ID the lead events are sent to',
    ga4MeasurementIdSchema,
  ),
  ga4_api_secret: optional(
    'analytics',
    'GA4 Measurement Protocol API secret',
    ga4ApiSecretSchema,
    true,
  ),
  // Attribution is always kept for the business's own reports; this decides whether lead events
  // (with hashed e-mail and phone) go to GA4 and the ad platforms linked to it. Unset: on.
  ad_tracking_enabled: optional(
    'analytics',
    'Send lead events with hashed contact details to GA4 and linked ad platforms',
    toggleSchema,
  ),
  // the first-run checklist of /settings (shared/settings/setup-checklist.ts); unset: not yet
  setup_business_confirmed: optional('setup', 'The business details are confirmed', toggleSchema),
  setup_base_address_confirmed: optional('setup', 'The base address is confirmed', toggleSchema),
  setup_prices_confirmed: optional('setup', 'The prices are confirmed', toggleSchema),
};

export function knownSetting(key: string): KeyDefinition | undefined {
  return Object.hasOwn(knownSettings, key) ? knownSettings[key] : undefined;
}

/** Known secrets, anything flagged secret, and anything named like a secret. */
export function isSecretSetting(key: string, flagged = false): boolean {
  return flagged || knownSetting(key)?.secret === true || looksSecret(key);
}

/** Banners (category 'banners') are read by the public settings route: checked here too. */
export const bannerValueSchema = z.object({
  text: text({ error: sm.bannerText }).trim().min(1, sm.bannerText).max(200, sm.bannerText),
  color: hexColourSchema.optional(),
});

export const settingParamsSchema = z.object({ key: settingKeySchema });

// POST /api/settings/:key: the value is checked against the key's schema in the service
export const saveSettingBodySchema = z.object({
  value: z.unknown().refine((value) => value !== undefined && value !== null, sm.valueRequired),
  category: settingCategorySchema.optional(),
  description: text().trim().max(300, sm.description).optional(),
});
export type SaveSettingBody = z.infer<typeof saveSettingBodySchema>;

// GET /api/settings?category=: anyone may send it (only an admin gets more), so never a 400
export const settingsQuerySchema = z.object({
  category: text().max(40).optional().catch(undefined),
});

export const settingDtoSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  category: z.string(),
  description: z.string(),
  isSecret: z.boolean(),
});
export type SettingDto = z.infer<typeof settingDtoSchema>;

export const settingResponseSchema = z.object({
  success: z.literal(true),
  setting: settingDtoSchema,
});

export interface StoredSetting {
  key: string;
  value: unknown;
  category: string;
  description: string;
  isSecret: boolean;
}

/** What the API may show of a stored setting: secrets masked. */
export function toSettingDto(row: StoredSetting): SettingDto {
  const isSecret = isSecretSetting(row.key, row.isSecret);
  return {
    key: row.key,
    value: isSecret ? maskSecret(row.value) : row.value,
    category: row.category,
    description: row.description,
    isSecret,
  };
}
