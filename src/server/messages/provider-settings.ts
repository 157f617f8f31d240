import type { Db } from '#server/db/client.ts';
import { isSecretSetting } from '#shared/admin/settings.contract.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import { plainSettings } from '#server/db/settings-store.ts';

// The provider settings a message is sent with, read when the job runs (a fixed password takes
// effect on the next try) with the secrets opened. A secret that cannot be opened (no or another
// SETTINGS_ENCRYPTION_KEY) is a configuration fault, said plainly rather than sent unsigned.

const providerKeys = [
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
  'smtp_from',
  'contact_email',
  'business_name',
  'contact_phone',
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
type ProviderKey = (typeof providerKeys)[number];

export class ProviderSettingsError extends Error {}

export type ProviderSettings = {
  text(key: ProviderKey): string | undefined;
  flag(key: ProviderKey): boolean;
  number(key: ProviderKey): number | undefined;
};

export async function readProviderSettings(
  db: Db,
  secrets: SettingSecrets,
): Promise<ProviderSettings> {
  const values = await plainSettings(db, providerKeys);
  const valueOf = (key: ProviderKey): unknown => {
    const stored = values.get(key);
    if (stored === undefined || stored === null || stored === '') return undefined;
    if (!isSecretSetting(key)) return stored;
    try {
      return secrets.open(key, stored);
    } catch {
      throw new ProviderSettingsError(
        `The stored ${key} cannot be read with this server's SETTINGS_ENCRYPTION_KEY: save it again in Settings`,
      );
    }
  };
  return {
    text(key) {
      const value = valueOf(key);
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    },
    flag: (key) => valueOf(key) === true,
    number(key) {
      const value = valueOf(key);
      return typeof value === 'number' ? value : undefined;
    },
  };
}
