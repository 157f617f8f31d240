import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

// Writes of the settings table, shared by every feature that saves settings (admin settings,
// integrations, booking rules). Reads are in settings-store.ts.

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
