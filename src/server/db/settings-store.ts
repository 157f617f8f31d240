import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';
import { settings } from './schema';

// Typed reads of the settings table, shared by every feature that needs business settings.
// Each key has a schema and the default of spec §9, used when the row is missing or malformed.
const latLngAddress = z.object({ address: z.string(), lat: z.number(), lng: z.number() });

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
