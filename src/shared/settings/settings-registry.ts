import { z } from 'zod';
import {
  centsSchema,
  emailSchema,
  httpsUrlSchema,
  minimumChargeSchema,
  thresholdSchema,
  toggleSchema,
  adminMessages,
  bookingRuleFields as rule,
} from '#shared/admin/admin-fields.ts';
import { looksSecret } from '#shared/admin/secrets.ts';
import { brandingKeys, brandingSchema } from '#shared/branding/branding.contract.ts';
import { embedOriginsSchema } from '#shared/embed/embed-origins.ts';
import {
  accountSidSchema,
  apiKeySchema,
  authTokenSchema,
  baseAddressSchema,
  businessNameSchema,
  contactPhoneSchema,
  e164Schema,
  ga4ApiSecretSchema,
  ga4MeasurementIdSchema,
  returningLeadDaysSchema,
  secretSchema,
  settingsMessages,
  smtpHostSchema,
  smtpPasswordSchema,
  smtpPortSchema,
  smtpUserSchema,
} from './setting-fields';
import { settingDefaults as d, type BaseAddress } from './setting-defaults';
import {
  builtIn,
  isPublic,
  optional,
  readAs,
  secret,
  wholeNumber,
  type Entry,
} from './setting-entry';

// Every setting the app knows, in one place (issue 27): its screen, what it means, the schema its
// value must pass (with the admin screens' messages), its default, whether anyone may read it and
// whether it is a secret. A new setting is one entry here, plus its migration when it is built in
// (drizzle/0001 seeds the defaults; seeded-defaults.test.ts checks they agree).
// Server code reads them through readSettings (src/server/db/settings-store.ts), the demo through
// settingValues: a value that is missing or fails its schema reads as its fallback.

const brandImage = brandingSchema.shape.logoUrl;

export const settingsRegistry = {
  calendar_view_enabled: {
    ...builtIn(
      'toggles',
      'Show the calendar on the booking step',
      toggleSchema,
      d.calendar_view_enabled,
    ),
    ...isPublic,
  },
  promo_codes_enabled: {
    ...builtIn(
      'toggles',
      'Accept promo codes and show promo banners',
      toggleSchema,
      d.promo_codes_enabled,
    ),
    ...isPublic,
  },
  seasonal_promotions_enabled: {
    ...builtIn('toggles', 'Run seasonal promotions', toggleSchema, d.seasonal_promotions_enabled),
    ...isPublic,
  },
  form_webhook_enabled: {
    ...builtIn('toggles', 'Send the form-completion webhook', toggleSchema, d.form_webhook_enabled),
    ...isPublic,
  },
  // the business's details are public once an admin confirms them (businessDetails)
  business_name: {
    ...builtIn('business', 'Shown in the header and messages', businessNameSchema, d.business_name),
    ...isPublic,
  },
  contact_email: {
    ...builtIn('business', 'Shown in the help dialog', emailSchema, d.contact_email),
    ...isPublic,
  },
  contact_phone: {
    ...builtIn('business', 'Shown in the help dialog', contactPhoneSchema, d.contact_phone),
    ...isPublic,
  },
  base_address: {
    ...builtIn('business', 'Where travel is measured from', baseAddressSchema, d.base_address),
    // an unreadable base address means no travel line, rather than travel charged from a place
    // the business never chose
    fallback: null as BaseAddress | null,
    ...readAs(z.object({ address: z.string(), lat: z.number(), lng: z.number() })),
  },
  returning_lead_days: builtIn(
    'business',
    "Days an open lead is continued by the same customer's next enquiry",
    returningLeadDaysSchema,
    d.returning_lead_days,
  ),
  travel_hourly_rate_cents: {
    ...builtIn(
      'pricing',
      'Travel charge per hour of round-trip driving',
      centsSchema(adminMessages.travelRate),
      d.travel_hourly_rate_cents,
    ),
    ...readAs(wholeNumber),
  },
  glass_minimum_threshold: {
    ...builtIn(
      'pricing',
      'Jobs with fewer panes pay at least the minimum job charge',
      thresholdSchema,
      d.glass_minimum_threshold,
    ),
    ...readAs(wholeNumber),
  },
  minimum_job_charge_cents: {
    ...builtIn(
      'pricing',
      'Least a job under the pane threshold pays for its tinting (travel added)',
      minimumChargeSchema,
      d.minimum_job_charge_cents,
    ),
    ...readAs(wholeNumber),
  },
  onsite_glass_threshold: {
    ...builtIn(
      'pricing',
      'Panes needed for an onsite consultation',
      thresholdSchema,
      d.onsite_glass_threshold,
    ),
    ...readAs(wholeNumber),
  },
  onsite_restriction_enabled: builtIn(
    'pricing',
    'Offer onsite consultations only from the threshold',
    toggleSchema,
    d.onsite_restriction_enabled,
  ),
  cutoff_hour: builtIn(
    'booking_rules',
    'Same-day bookings close at this hour',
    rule.cutoffHour,
    d.cutoff_hour,
  ),
  same_day_lead_time: builtIn(
    'booking_rules',
    'Hours of notice for a same-day booking',
    rule.sameDayLeadTime,
    d.same_day_lead_time,
  ),
  next_day_lead_time: builtIn(
    'booking_rules',
    'Hours after the first slot for next-day bookings after the cutoff',
    rule.nextDayLeadTime,
    d.next_day_lead_time,
  ),
  allow_weekends: builtIn(
    'booking_rules',
    'Offer Saturday and Sunday slots',
    rule.allowWeekends,
    d.allow_weekends,
  ),
  timezone: builtIn('booking_rules', 'Time zone of the booking rules', rule.timezone, d.timezone),
  first_slot: builtIn(
    'booking_rules',
    'Start of the first slot of the day',
    rule.firstSlot,
    d.first_slot,
  ),
  slots_per_day: builtIn(
    'booking_rules',
    'Slots offered each day',
    rule.slotsPerDay,
    d.slots_per_day,
  ),
  slot_minutes: builtIn('booking_rules', 'Length of each slot', rule.slotMinutes, d.slot_minutes),
  onsite_travel_buffer_minutes: builtIn(
    'booking_rules',
    'Minutes added to each drive to and from an onsite visit',
    rule.onsiteTravelBufferMinutes,
    d.onsite_travel_buffer_minutes,
  ),
  blackout_dates: builtIn(
    'booking_rules',
    'Dates closed for bookings (YYYY-MM-DD)',
    rule.blackoutDates,
    d.blackout_dates,
  ),
  embed_allowed_origins: {
    ...optional(
      'website',
      'Sites allowed to show the booking page in a frame (the embed)',
      embedOriginsSchema,
    ),
    fallback: [] as string[],
  },
  form_webhook_url: optional(
    'webhook',
    'Where the form-completion webhook is sent',
    httpsUrlSchema,
  ),
  form_webhook_secret: secret(
    'webhook',
    'Signs the webhook (HMAC)',
    secretSchema(settingsMessages.secret),
  ),
  twilio_account_sid: optional('messaging', 'Twilio account SID', accountSidSchema),
  twilio_from_number: optional('messaging', 'Number text messages come from', e164Schema),
  twilio_auth_token: secret('messaging', 'Twilio auth token', authTokenSchema),
  smtp_host: optional('email', 'Mail server', smtpHostSchema),
  smtp_port: optional('email', 'Mail server port', smtpPortSchema),
  smtp_secure: optional('email', 'Connect with TLS', toggleSchema),
  smtp_user: optional('email', 'Mail server user', smtpUserSchema),
  smtp_password: secret('email', 'Mail server password', smtpPasswordSchema),
  smtp_from: optional('email', 'Address e-mail comes from', emailSchema),
  trak_base_url: optional('integrations', 'Job-tracking system address', httpsUrlSchema),
  trak_api_key: secret('integrations', 'Job-tracking system API key', apiKeySchema),
  trak_enabled: optional('integrations', 'Send bookings to the job-tracking system', toggleSchema),
  ga4_measurement_id: optional(
    'analytics',
    'GA4 measurement ID the lead events are sent to',
    ga4MeasurementIdSchema,
  ),
  ga4_api_secret: secret('analytics', 'GA4 Measurement Protocol API secret', ga4ApiSecretSchema),
  // Attribution is always kept for the business's own reports; this decides whether lead events
  // (with hashed e-mail and phone) go to GA4 and the ad platforms linked to it. Unset: on.
  ad_tracking_enabled: optional(
    'analytics',
    'Send lead events with hashed contact details to GA4 and linked ad platforms',
    toggleSchema,
  ),
  // the first-run checklist of /settings (shared/settings/setup-checklist.ts); unset: not yet
  setup_business_confirmed: {
    ...optional('setup', 'The business details are confirmed', toggleSchema),
    ...isPublic,
  },
  setup_base_address_confirmed: optional('setup', 'The base address is confirmed', toggleSchema),
  setup_prices_confirmed: optional('setup', 'The prices are confirmed', toggleSchema),
  // saved by the branding screen (its own routes); a value that is not valid reads as none
  [brandingKeys.logo]: { ...optional('branding', 'The logo', brandImage), ...isPublic },
  [brandingKeys.logoDark]: {
    ...optional('branding', 'The logo in the dark theme', brandImage),
    ...isPublic,
  },
  [brandingKeys.partners]: {
    ...optional('branding', 'The partner logos, in order', brandingSchema.shape.partners),
    ...isPublic,
  },
} satisfies Record<string, Entry>;

type Registry = typeof settingsRegistry;
export type SettingKey = keyof Registry;

/** What a key reads as: a secret as whether one is saved, else its value or its fallback. */
type ValueOf<E> = E extends { secret: true }
  ? boolean
  : E extends { fallback: infer F }
    ? F
    : E extends { default: infer D }
      ? D
      : E extends { schema: infer S extends z.ZodType }
        ? z.output<S> | undefined
        : never;
export type SettingValues<K extends SettingKey> = { [P in K]: ValueOf<Registry[P]> };
export type SecretSettingKey = {
  [K in SettingKey]: Registry[K] extends { secret: true } ? K : never;
}[SettingKey];

export function settingEntry(key: string): Entry | undefined {
  return Object.hasOwn(settingsRegistry, key)
    ? (settingsRegistry as Record<string, Entry>)[key]
    : undefined;
}

export const isBuiltInSetting = (key: string) => settingEntry(key)?.default !== undefined;

/** Known secrets, anything flagged secret, and anything named like a secret. */
export function isSecretSetting(key: string, flagged = false): boolean {
  return flagged || settingEntry(key)?.secret === true || looksSecret(key);
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The typed values of `keys` from stored values by key: each parsed with its schema, a missing or
 * malformed one reading as its fallback (its default, for a built-in setting). A secret reads as
 * whether one is saved: its value is opened only where it is used (the integrations).
 */
export function settingValues<K extends SettingKey>(
  stored: ReadonlyMap<string, unknown>,
  keys: readonly K[],
): SettingValues<K> {
  const values: Record<string, unknown> = {};
  for (const key of keys) {
    const entry = settingEntry(key)!;
    const value = stored.get(key);
    if (entry.secret) {
      values[key] = isSet(value);
      continue;
    }
    const parsed = (entry.read ?? entry.schema).safeParse(value);
    const fallback = 'fallback' in entry ? entry.fallback : entry.default;
    // a copy: the defaults are shared by the whole process, and callers may change what they get
    values[key] = parsed.success ? parsed.data : structuredClone(fallback);
  }
  return values as SettingValues<K>;
}
