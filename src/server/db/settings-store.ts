import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import { bookingRulesSchema } from '../../shared/booking/booking-rules';
import type { Db } from './client';
import { settings } from './schema';

// Typed reads of the settings table, shared by every feature that needs business settings.
// Each key has a schema and the default of spec §9, used when the row is missing or malformed.
const latLngAddress = z.object({ address: z.string(), lat: z.number(), lng: z.number() });
// Booking rules (drizzle/0001_seed-defaults.sql): each key checked on its own with the engine's
// field schema, so one bad value falls back alone; the combination is checked by the engine.
const rule = bookingRulesSchema.shape;
const bookingStaffSchema = z
  .array(z.object({ id: z.string().trim().min(1).max(100), name: z.string().max(100).optional() }))
  .max(100)
  .refine((staff) => new Set(staff.map((s) => s.id)).size === staff.length, 'Duplicate staff id');

export const settingDefinitions = {
  travel_hourly_rate_cents: { schema: z.number().int().min(0), fallback: 5200 },
  glass_minimum_threshold: { schema: z.number().int().min(0), fallback: 4 },
  onsite_glass_threshold: { schema: z.number().int().min(0), fallback: 5 },
  onsite_restriction_enabled: { schema: z.boolean(), fallback: true },
  base_address: {
    schema: latLngAddress.nullable(),
    fallback: null as z.infer<typeof latLngAddress> | null,
  },
  promo_codes_enabled: { schema: z.boolean(), fallback: true },
  seasonal_promotions_enabled: { schema: z.boolean(), fallback: true },
  cutoff_hour: { schema: rule.cutoffHour, fallback: 16 as number },
  same_day_lead_time: { schema: rule.sameDayLeadTime, fallback: 1 as number },
  next_day_lead_time: { schema: rule.nextDayLeadTime, fallback: 2 as number },
  allow_weekends: { schema: rule.allowWeekends, fallback: false as boolean },
  timezone: { schema: rule.timezone, fallback: 'Australia/Melbourne' as string },
  first_slot: { schema: rule.firstSlot, fallback: '08:00' as string },
  slots_per_day: { schema: rule.slotsPerDay, fallback: 16 as number },
  slot_minutes: { schema: rule.slotMinutes, fallback: 30 as number },
  blackout_dates: { schema: rule.blackoutDates, fallback: [] as string[] },
  booking_staff: {
    schema: bookingStaffSchema,
    fallback: [{ id: 'staff-1', name: 'Consultant' }] as { id: string; name?: string }[],
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
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const values = {} as Record<K, unknown>;
  for (const key of keys) {
    const { schema, fallback } = settingDefinitions[key];
    const parsed = schema.safeParse(byKey.get(key));
    values[key] = parsed.success ? parsed.data : fallback;
  }
  return values as SettingValues<K>;
}
