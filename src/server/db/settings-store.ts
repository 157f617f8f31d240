import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { isSecretSetting } from '#shared/admin/settings.contract.ts';
import { bookingRulesSchema } from '#shared/booking/booking-rules.ts';
import { settingDefaults as d, type BaseAddress } from '#shared/settings/setting-defaults.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import type { Db } from './client';
import { settings } from './schema';

// Typed reads of the settings table, shared by every feature that needs business settings.
// Each key has a schema and a fallback, used when the row is missing or malformed: the default
// of spec §9 (shared/settings/setting-defaults.ts) unless said otherwise.
const latLngAddress = z.object({ address: z.string(), lat: z.number(), lng: z.number() });
// Booking rules: each key checked on its own with the engine's field schema, so one bad value
// falls back alone; the combination is checked by the engine.
const rule = bookingRulesSchema.shape;
const bookingStaffSchema = z
  .array(z.object({ id: z.string().trim().min(1).max(100), name: z.string().max(100).optional() }))
  .max(100)
  .refine((staff) => new Set(staff.map((s) => s.id)).size === staff.length, 'Duplicate staff id');

export const settingDefinitions = {
  travel_hourly_rate_cents: {
    schema: z.number().int().min(0),
    fallback: d.travel_hourly_rate_cents,
  },
  glass_minimum_threshold: { schema: z.number().int().min(0), fallback: d.glass_minimum_threshold },
  minimum_job_charge_cents: {
    schema: z.number().int().min(0),
    fallback: d.minimum_job_charge_cents,
  },
  onsite_glass_threshold: { schema: z.number().int().min(0), fallback: d.onsite_glass_threshold },
  onsite_restriction_enabled: { schema: z.boolean(), fallback: d.onsite_restriction_enabled },
  base_address: {
    schema: latLngAddress.nullable(),
    // Not the seeded default: an unreadable base address means no travel line, rather than
    // travel charged from a place the business never chose.
    fallback: null as BaseAddress | null,
  },
  promo_codes_enabled: { schema: z.boolean(), fallback: d.promo_codes_enabled },
  seasonal_promotions_enabled: { schema: z.boolean(), fallback: d.seasonal_promotions_enabled },
  cutoff_hour: { schema: rule.cutoffHour, fallback: d.cutoff_hour },
  same_day_lead_time: { schema: rule.sameDayLeadTime, fallback: d.same_day_lead_time },
  next_day_lead_time: { schema: rule.nextDayLeadTime, fallback: d.next_day_lead_time },
  allow_weekends: { schema: rule.allowWeekends, fallback: d.allow_weekends },
  timezone: { schema: rule.timezone, fallback: d.timezone },
  first_slot: { schema: rule.firstSlot, fallback: d.first_slot },
  slots_per_day: { schema: rule.slotsPerDay, fallback: d.slots_per_day },
  slot_minutes: { schema: rule.slotMinutes, fallback: d.slot_minutes },
  blackout_dates: { schema: rule.blackoutDates, fallback: d.blackout_dates },
  booking_staff: { schema: bookingStaffSchema, fallback: d.booking_staff },
  returning_lead_days: {
    schema: z.number().int().min(0).max(3650),
    fallback: d.returning_lead_days,
  },
} as const;

type Definitions = typeof settingDefinitions;
export type SettingKey = keyof Definitions;
export type SettingValues<K extends SettingKey> = { [P in K]: Definitions[P]['fallback'] };

export async function readSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<SettingValues<K>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return settingValues(new Map(rows.map((row) => [row.key, row.value])), keys);
}

/** The typed values of `keys` from stored values by key (readSettings, or a read of its own). */
export function settingValues<K extends SettingKey>(
  byKey: ReadonlyMap<string, unknown>,
  keys: readonly K[],
): SettingValues<K> {
  const values = {} as Record<K, unknown>;
  for (const key of keys) {
    const { schema, fallback } = settingDefinitions[key];
    const parsed = schema.safeParse(byKey.get(key));
    // a copy: the defaults are shared by the whole process, and callers may change what they get
    values[key] = parsed.success ? parsed.data : structuredClone(fallback);
  }
  return values as SettingValues<K>;
}

/** Rows whose value is a secret (flagged, known or named like one) and set. */
export async function findStoredSecrets(db: Db) {
  const rows = await db.select().from(settings);
  return rows.filter(
    (row) =>
      isSecretSetting(row.key, row.isSecret) &&
      row.value !== null &&
      row.value !== undefined &&
      row.value !== '',
  );
}

/** A secret setting's value, decrypted (for the integrations that use it); undefined if unset. */
export async function readSecretSetting(
  db: Db,
  secrets: SettingSecrets,
  key: string,
): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  if (!row || row.value === null || row.value === '') return undefined;
  return secrets.open(key, row.value);
}

/** Plain settings by key as stored (secrets sealed, unread); absent keys are left out. */
export async function plainSettings(db: Db, keys: readonly string[]) {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}
