// The default of every built-in setting (spec §9), written here once. The seed migration
// (drizzle/0001_seed-defaults.sql) holds the same values as history that is never edited, and
// src/server/db/seeded-defaults.test.ts checks the two agree: a new default needs a migration
// too. The server's fallbacks, the booking rules' zod defaults, the web's built-in defaults and
// the tests read them from here. Plain values, no zod: the web's first screen may import this.

export interface BaseAddress {
  address: string;
  lat: number;
  lng: number;
}

// Not `as const`: each value keeps its general type (number, not 16), as a setting read back is.
export const settingDefaults = {
  calendar_view_enabled: true,
  promo_codes_enabled: true,
  seasonal_promotions_enabled: true,
  form_webhook_enabled: false,
  business_name: 'Your Business Name',
  contact_email: 'bookings@example.com',
  // (03) 5550 xxxx is reserved by ACMA for fictitious use: a neutral placeholder
  contact_phone: '(03) 5550 0000',
  base_address: { address: 'Melbourne VIC 3000', lat: -37.8136, lng: 144.9631 } as BaseAddress,
  travel_hourly_rate_cents: 5200,
  glass_minimum_threshold: 4,
  // 4 panes of 1.5 m² at $45 (ADR 044): what a job under the threshold pays at least
  minimum_job_charge_cents: 27000,
  onsite_glass_threshold: 5,
  onsite_restriction_enabled: true,
  cutoff_hour: 16,
  same_day_lead_time: 1,
  next_day_lead_time: 2,
  allow_weekends: false,
  timezone: 'Australia/Melbourne',
  first_slot: '08:00',
  slots_per_day: 16,
  slot_minutes: 30,
  onsite_travel_buffer_minutes: 15,
  blackout_dates: [] as string[],
  // a returning customer's enquiry continues their open lead this many days old at most (ADR 043)
  returning_lead_days: 90,
};

export type SettingDefaults = typeof settingDefaults;
export type BuiltInSettingKey = keyof SettingDefaults;
