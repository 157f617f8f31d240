import type { z } from 'zod';
import type {
  smtpConfigBodySchema,
  trakIntegrationBodySchema,
  twilioConfigBodySchema,
} from '#shared/admin/integrations.contract.ts';
import { integrationMessages } from '#shared/admin/integrations.contract.ts';
import { maskSecret } from '#shared/admin/secrets.ts';
import { smtpKeys, trakKeys, twilioKeys } from '#shared/settings/provider-keys.ts';
import { isSecretSetting, settingEntry } from '#shared/settings/settings-registry.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import * as repo from './admin-settings.repository';

// Twilio, SMTP and the job-tracking system live in settings rows, one key per field, so the
// generic settings API and these forms read and write the same values.

async function valuesOf(db: Db, keys: readonly string[]) {
  const rows = await repo.findSettingsByKeys(db, keys);
  return new Map(rows.map((row) => [row.key, row.value]));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Saves the given keys (undefined values are left as they are) with their known category;
 * secrets encrypted.
 */
async function saveKnown(db: Db, secrets: SettingSecrets, values: Record<string, unknown>) {
  const writes = Object.entries(values).flatMap(([key, value]) => {
    const known = settingEntry(key);
    if (value === undefined || !known) return [];
    return [
      {
        key,
        value,
        category: known.screen,
        defaultDescription: known.description,
        isSecret: isSecretSetting(key),
      },
    ];
  });
  await saveSettings(db, writes, secrets);
}

export async function readTwilioConfig(db: Db) {
  const v = await valuesOf(db, twilioKeys);
  return {
    accountSid: text(v.get('twilio_account_sid')),
    fromNumber: text(v.get('twilio_from_number')),
    authToken: maskSecret(v.get('twilio_auth_token')),
  };
}

export async function saveTwilioConfig(
  db: Db,
  secrets: SettingSecrets,
  body: z.output<typeof twilioConfigBodySchema>,
) {
  await saveKnown(db, secrets, {
    twilio_account_sid: body.accountSid,
    twilio_from_number: body.fromNumber,
    twilio_auth_token: body.authToken,
  });
  return readTwilioConfig(db);
}

export async function readSmtpConfig(db: Db) {
  const v = await valuesOf(db, smtpKeys);
  const port = v.get('smtp_port');
  return {
    host: text(v.get('smtp_host')),
    port: typeof port === 'number' ? port : null,
    secure: v.get('smtp_secure') === true,
    user: text(v.get('smtp_user')),
    password: maskSecret(v.get('smtp_password')),
    fromAddress: text(v.get('smtp_from')),
  };
}

export async function saveSmtpConfig(
  db: Db,
  secrets: SettingSecrets,
  body: z.output<typeof smtpConfigBodySchema>,
) {
  await saveKnown(db, secrets, {
    smtp_host: body.host,
    smtp_port: body.port,
    smtp_secure: body.secure,
    smtp_user: body.user,
    smtp_password: body.password,
    smtp_from: body.fromAddress,
  });
  return readSmtpConfig(db);
}

export async function readTrakIntegration(db: Db) {
  const v = await valuesOf(db, trakKeys);
  return {
    baseUrl: text(v.get('trak_base_url')),
    apiKey: maskSecret(v.get('trak_api_key')),
    enabled: v.get('trak_enabled') === true,
  };
}

export async function saveTrakIntegration(
  db: Db,
  secrets: SettingSecrets,
  body: z.output<typeof trakIntegrationBodySchema>,
) {
  if (body.enabled && body.apiKey === undefined && !(await readTrakIntegration(db)).apiKey) {
    const message = integrationMessages.apiKeyRequired;
    throw HttpError.badRequest(message, { apiKey: message });
  }
  await saveKnown(db, secrets, {
    trak_base_url: body.baseUrl,
    trak_api_key: body.apiKey,
    trak_enabled: body.enabled,
  });
  return readTrakIntegration(db);
}
