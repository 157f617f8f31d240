import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export type SettingRow = typeof settings.$inferSelect;

export interface SettingWrite {
  key: string;
  value: unknown;
  category: string;
  /** Left as it is on an existing row when undefined. */
  description?: string;
  /** The description of a new row when none is given. */
  defaultDescription?: string;
  isSecret: boolean;
}

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

/** Inserts or updates each setting, all or none. */
export async function saveSettings(db: Db, writes: readonly SettingWrite[]): Promise<SettingRow[]> {
  return db.transaction(async (tx) => {
    const saved: SettingRow[] = [];
    for (const w of writes) {
      const [row] = await tx
        .insert(settings)
        .values({
          key: w.key,
          value: w.value,
          category: w.category,
          isSecret: w.isSecret,
          description: w.description ?? w.defaultDescription ?? '',
        })
        .onConflictDoUpdate({
          target: settings.key,
          set: {
            value: w.value,
            category: w.category,
            isSecret: w.isSecret,
            ...(w.description !== undefined && { description: w.description }),
            updatedAt: sql`now()`,
          },
        })
        .returning();
      if (row) saved.push(row);
    }
    return saved;
  });
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
