import {
  ga4Keys,
  smtpKeys,
  trakKeys,
  twilioKeys,
  webhookKeys,
} from '#shared/settings/provider-keys.ts';
import type { Db } from '#server/db/client.ts';
import { readSettingsWithSecrets, SettingSecretError } from '#server/db/settings-store.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';

// The provider settings a message is sent with, read when the job runs (a fixed password takes
// effect on the next try) with the secrets opened (settings-store: an unreadable one throws).

const providerKeys = [...smtpKeys, ...twilioKeys, ...webhookKeys, ...trakKeys, ...ga4Keys] as const;

export { SettingSecretError as ProviderSettingsError };

export type ProviderSettings = Awaited<ReturnType<typeof readProviderSettings>>;

export function readProviderSettings(db: Db, secrets: SettingSecrets) {
  return readSettingsWithSecrets(db, secrets, providerKeys);
}
