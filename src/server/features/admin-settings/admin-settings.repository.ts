import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { settings } from '#server/db/schema/index.ts';
import type { SettingRow } from '#server/db/setting-writes.ts';

export async function findSetting(db: Db, key: string): Promise<SettingRow | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row ?? null;
}

export function findSettingsByKeys(db: Db, keys: readonly string[]): Promise<SettingRow[]> {
  return db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
}

export async function deleteSetting(db: Db, key: string): Promise<SettingRow | null> {
  const [row] = await db.delete(settings).where(eq(settings.key, key)).returning();
  return row ?? null;
}

export function listSettingsOfCategory(db: Db, category: string): Promise<SettingRow[]> {
  return db
    .select()
    .from(settings)
    .where(eq(settings.category, category))
    .orderBy(asc(settings.key));
}
