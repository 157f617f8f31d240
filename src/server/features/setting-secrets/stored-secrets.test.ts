import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testSettingsKey, type TestApp } from '#tests/helpers/test-app.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Env } from '#server/config.ts';
import { settings } from '#server/db/schema/index.ts';
import { findStoredSecrets, readSecretSetting } from '#server/db/settings-store.ts';
import { isSealed, keyIdOf, parseEncryptionKey } from '#server/lib/secret-box.ts';
import { notConfiguredMessage, SettingSecrets } from '#server/lib/setting-secrets.ts';
import { rotateStoredSecrets } from './stored-secrets.service';

// Issue 16 item 8: integration secrets are encrypted at rest with SETTINGS_ENCRYPTION_KEY.

const newKey = () => randomBytes(32).toString('base64');
const keyOf = (text: string) => {
  const key = parseEncryptionKey(text);
  if (!key) throw new Error('bad test key');
  return key;
};
const secrets = {
  form_webhook_secret: `whsec-${randomBytes(12).toString('hex')}`,
  twilio_auth_token: `tw-${randomBytes(12).toString('hex')}`,
  smtp_password: `smtp-${randomBytes(12).toString('hex')}`,
  trak_api_key: `trak-${randomBytes(12).toString('hex')}`,
};

/** Signs in an admin and saves every integration secret through the API. */
async function saveSecretsThroughApi(t: TestApp) {
  const cookie = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...sameOrigin, cookie } });
  const answers = [
    await post('/api/settings/form_webhook_secret', { value: secrets.form_webhook_secret }),
    await post('/api/settings/twilio-config', {
      accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
      fromNumber: '+61412345678',
      authToken: secrets.twilio_auth_token,
    }),
    await post('/api/admin/smtp-config', {
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      password: secrets.smtp_password,
      fromAddress: 'bookings@example.com',
    }),
    await post('/api/admin/trak-integration', {
      baseUrl: 'https://trak.example.com',
      apiKey: secrets.trak_api_key,
      enabled: true,
    }),
  ];
  return { answers, post };
}

/** Starts another app on the same database, as a restart with other settings would. */
const restartWith = (t: TestApp, env: Env) =>
  buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database: t.database,
  });

describe('secret settings at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const { answers } = await saveSecretsThroughApi(t);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('stores no clear text: each row holds AES-256-GCM under the configured key', async () => {
    const rows = await t.database.db.select().from(settings);
    const table = JSON.stringify(rows);
    for (const secret of Object.values(secrets)) expect(table).not.toContain(secret);
    const keyId = keyIdOf(keyOf(testSettingsKey));
    for (const key of Object.keys(secrets)) {
      const row = rows.find((r) => r.key === key);
      expect(row?.isSecret, key).toBe(true);
      expect(isSealed(row?.value), key).toBe(true);
      expect(row?.value).toMatchObject({ v: 1, kid: keyId });
    }
  });

  it('decrypts them for the integrations that use them', async () => {
    for (const [key, secret] of Object.entries(secrets)) {
      expect(await readSecretSetting(t.database.db, t.app.settingSecrets, key)).toBe(secret);
    }
  });

  it('refuses to start with secrets stored and no key, naming them and the variable', async () => {
    await expect(restartWith(t, {})).rejects.toThrow(
      /SETTINGS_ENCRYPTION_KEY is not set, but secret settings are stored \(.*smtp_password/,
    );
  });

  it('refuses to start with another key, pointing to the rotate command', async () => {
    const other = newKey();
    await expect(restartWith(t, { SETTINGS_ENCRYPTION_KEY: other })).rejects.toThrow(
      /is not the key .*npm run secrets -- rotate/,
    );
    // and the message never shows a key
    await restartWith(t, { SETTINGS_ENCRYPTION_KEY: other }).catch((err: Error) => {
      expect(err.message).not.toContain(other);
      expect(err.message).not.toContain(testSettingsKey);
    });
  });
});

describe('without SETTINGS_ENCRYPTION_KEY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SETTINGS_ENCRYPTION_KEY: '' });
  });
  afterAll(() => t.close());

  it('runs (no secrets stored), saves other settings, and answers 503 to a secret', async () => {
    const { answers, post } = await saveSecretsThroughApi(t);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: notConfiguredMessage,
      });
    }
    // all or none: the Twilio SID of the refused save was not written either
    expect(await findStoredSecrets(t.database.db)).toEqual([]);
    const sid = await post('/api/settings/twilio-config', {
      accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
      fromNumber: '+61412345678',
    });
    expect(sid.statusCode, sid.body).toBe(200);
    expect(sid.json().config.authToken).toBe('');
  });
});

describe('secrets an older version stored in clear', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SETTINGS_ENCRYPTION_KEY: '' });
    await t.database.db.insert(settings).values([
      { key: 'smtp_password', category: 'email', value: secrets.smtp_password, isSecret: true },
      // not flagged, but named like a secret: a secret all the same
      { key: 'crm_api_key', category: 'integrations', value: { key: 'crm-123' } },
    ]);
  });
  afterAll(() => t.close());

  it('are encrypted at the first start with a key', async () => {
    const key = newKey();
    const app = await restartWith(t, { SETTINGS_ENCRYPTION_KEY: key });
    await app.close();
    const rows = await findStoredSecrets(t.database.db);
    expect(rows.map((row) => row.key).sort()).toEqual(['crm_api_key', 'smtp_password']);
    expect(JSON.stringify(rows)).not.toContain(secrets.smtp_password);
    expect(rows.every((row) => row.isSecret && isSealed(row.value))).toBe(true);
    const box = new SettingSecrets(keyOf(key));
    expect(await readSecretSetting(t.database.db, box, 'smtp_password')).toBe(
      secrets.smtp_password,
    );
    expect(await readSecretSetting(t.database.db, box, 'crm_api_key')).toEqual({ key: 'crm-123' });
  });
});

describe('rotating the key (what npm run secrets -- rotate does)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await saveSecretsThroughApi(t);
    await t.database.db
      .insert(settings)
      .values({ key: 'legacy_token', category: 'general', value: 'in-clear', isSecret: true });
  });
  afterAll(() => t.close());

  it('re-encrypts every secret under the new key, and a rerun changes nothing', async () => {
    const [from, to] = [keyOf(testSettingsKey), keyOf(newKey())];
    const result = await rotateStoredSecrets(t.database.db, { from, to });
    expect(result.reencrypted.sort()).toEqual(Object.keys(secrets).sort());
    expect(result.encrypted).toEqual(['legacy_token']);
    const box = new SettingSecrets(to);
    for (const [key, secret] of Object.entries(secrets)) {
      expect(await readSecretSetting(t.database.db, box, key)).toBe(secret);
    }
    expect(await readSecretSetting(t.database.db, box, 'legacy_token')).toBe('in-clear');
    const again = await rotateStoredSecrets(t.database.db, { from, to });
    expect(again.unchanged).toHaveLength(Object.keys(secrets).length + 1);
  });

  it('changes nothing when a secret is under a key it was not given', async () => {
    const before = await findStoredSecrets(t.database.db);
    await expect(
      rotateStoredSecrets(t.database.db, { from: keyOf(newKey()), to: keyOf(newKey()) }),
    ).rejects.toThrow(
      /neither SETTINGS_OLD_KEY .* nor SETTINGS_ENCRYPTION_KEY .*Nothing was changed/,
    );
    expect(await findStoredSecrets(t.database.db)).toEqual(before);
  });
});
