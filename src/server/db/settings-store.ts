import { eq, inArray } from 'drizzle-orm';
import {
  isSecretSetting,
  settingValues,
  type SecretSettingKey,
  type SettingKey,
  type SettingValues,
} from '#shared/settings/settings-registry.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import type { Db } from './client';
import { settings } from './schema';

// Typed reads of the settings table, shared by every feature that needs business settings: each
// key's schema and fallback are in the registry (shared/settings/settings-registry.ts).

async function storedValues(db: Db, keys: readonly string[]) {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The typed values of `keys` in one read (a secret reads as whether one is saved). */
export async function readSettings<K extends SettingKey>(
  db: Db,
  keys: readonly K[],
): Promise<SettingValues<K>> {
  return settingValues(await storedValues(db, keys), keys);
}

export class SettingSecretError extends Error {}

/**
 * readSettings with the secrets among `keys` opened, for the integrations that send with them
 * (read when the job runs, so a fixed password takes effect on the next try). A secret that
 * cannot be opened (no or another SETTINGS_ENCRYPTION_KEY) is a configuration fault, said
 * plainly rather than sent unsigned.
 */
export async function readSettingsWithSecrets<K extends SettingKey>(
  db: Db,
  secrets: SettingSecrets,
  keys: readonly K[],
): Promise<{ [P in K]: P extends SecretSettingKey ? string | undefined : SettingValues<K>[P] }> {
  const stored = await storedValues(db, keys);
  const values: Record<string, unknown> = settingValues(stored, keys);
  for (const key of keys.filter((k) => isSecretSetting(k))) {
    const sealed = stored.get(key);
    if (sealed === undefined || sealed === null || sealed === '') {
      values[key] = undefined;
      continue;
    }
    try {
      const opened = secrets.open(key, sealed);
      values[key] = typeof opened === 'string' && opened.trim() ? opened.trim() : undefined;
    } catch {
      throw new SettingSecretError(
        `The stored ${key} cannot be read with this server's SETTINGS_ENCRYPTION_KEY: save it again in Settings`,
      );
    }
  }
  return values as never;
}

export { settingValues, type SettingKey, type SettingValues };

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
