import { eq, sql } from 'drizzle-orm';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import type { Db } from './client';
import { settings } from './schema';

// Writes of the settings table, shared by every feature that saves settings (admin settings,
// integrations, booking rules). Reads are in settings-store.ts.

export type SettingRow = typeof settings.$inferSelect;

export interface SettingWrite {
  key: string;
  /** Undefined keeps the stored value of an existing row (a secret the admin left blank). */
  value: unknown;
  category: string;
  /** Left as it is on an existing row when undefined. */
  description?: string;
  /** The description of a new row when none is given. */
  defaultDescription?: string;
  /** Stored encrypted with the settings key: secret values never reach the table in clear. */
  isSecret: boolean;
}

/**
 * Inserts or updates each setting, all or none. Secret values are sealed with `secrets` first,
 * so a missing key refuses the whole save before anything is written.
 */
export async function saveSettings(
  db: Db,
  writes: readonly SettingWrite[],
  secrets?: SettingSecrets,
): Promise<SettingRow[]> {
  const stored = writes.map((w) => ({ ...w, value: storedValue(w, secrets) }));
  return db.transaction(async (tx) => {
    const saved: SettingRow[] = [];
    for (const w of stored) {
      const [row] =
        w.value === undefined
          ? await tx
              .update(settings)
              .set({
                category: w.category,
                isSecret: w.isSecret,
                ...(w.description !== undefined && { description: w.description }),
                updatedAt: sql`now()`,
              })
              .where(eq(settings.key, w.key))
              .returning()
          : await tx
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
      if (!row) throw new Error(`setting ${w.key} was not saved (no stored value to keep)`);
      saved.push(row);
    }
    return saved;
  });
}

function storedValue(w: SettingWrite, secrets: SettingSecrets | undefined): unknown {
  if (!w.isSecret || w.value === undefined) return w.value;
  if (!secrets) throw new Error(`saving secret setting ${w.key} needs the SettingSecrets`);
  return secrets.seal(w.key, w.value);
}

/** Replaces stored values as they are (already sealed), all or none: re-encryption. */
export async function replaceStoredValues(
  db: Db,
  values: readonly { key: string; value: unknown; isSecret: boolean }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { key, value, isSecret } of values) {
      await tx
        .update(settings)
        .set({ value, isSecret, updatedAt: sql`now()` })
        .where(eq(settings.key, key));
    }
  });
}
