import type { Db } from '#server/db/client.ts';
import { readSettingsWithSecrets, SettingSecretError } from '#server/db/settings-store.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';

// The provider settings a message is sent with, read when the job runs (a fixed password takes
// effect on the next try) with the secrets opened (settings-store: an unreadable one throws).

const providerKeys = [
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
  'smtp_from',
  'twilio_account_sid',
  'twilio_from_number',
  'twilio_auth_token',
  'form_webhook_url',
  'form_webhook_secret',
  'trak_base_url',
  'trak_api_key',
  'trak_enabled',
  'ga4_measurement_id',
  'ga4_api_secret',
] as const;

export { SettingSecretError as ProviderSettingsError };

export type ProviderSettings = Awaited<ReturnType<typeof readProviderSettings>>;

export function readProviderSettings(db: Db, secrets: SettingSecrets) {
  return readSettingsWithSecrets(db, secrets, providerKeys);
}
