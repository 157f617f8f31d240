import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { isSealed, keyIdOf, newEncryptionKey, open, parseEncryptionKey, seal } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('seals any JSON value with a fresh IV each time, and opens it', () => {
    const value = { user: 'mailer', password: 'correct horse battery staple' };
    const [a, b] = [seal(key, value, 'smtp'), seal(key, value, 'smtp')];
    expect(isSealed(a)).toBe(true);
    expect(a).toMatchObject({ v: 1, kid: keyIdOf(key) });
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.tag, 'base64')).toHaveLength(16);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
    expect(JSON.stringify(a)).not.toContain('horse');
    expect(open(key, a, 'smtp')).toEqual(value);
  });

  it('refuses altered data, another setting name and another key', () => {
    const sealed = seal(key, 'tw-token-0123456789', 'twilio_auth_token');
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() =>
      open(key, { ...sealed, data: data.toString('base64') }, 'twilio_auth_token'),
    ).toThrow();
    expect(() => open(key, sealed, 'smtp_password')).toThrow();
    expect(() => open(randomBytes(32), sealed, 'twilio_auth_token')).toThrow(/sealed with key/);
  });

  it('reads keys as 64 hex characters or base64 / base64url of 32 bytes', () => {
    const bytes = randomBytes(32);
    for (const text of [
      bytes.toString('hex'),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      ` ${bytes.toString('base64')}\n`,
    ]) {
      expect(parseEncryptionKey(text)?.equals(bytes), text).toBe(true);
    }
    for (const bad of [
      '',
      'secret',
      randomBytes(16).toString('base64'),
      randomBytes(31).toString('hex'),
    ]) {
      expect(parseEncryptionKey(bad), bad).toBeUndefined();
    }
    expect(parseEncryptionKey(newEncryptionKey())).toHaveLength(32);
  });

  it('config: a malformed SETTINGS_ENCRYPTION_KEY stops start-up without showing it', () => {
    const bad = 'my-secret-passphrase';
    const load = () => loadConfig({ SETTINGS_ENCRYPTION_KEY: bad });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/SETTINGS_ENCRYPTION_KEY: must be 32 random bytes/);
    expect(() => loadConfig({ SETTINGS_OLD_KEY: bad })).toThrow(/SETTINGS_OLD_KEY: must be/);
    try {
      load();
    } catch (err) {
      expect((err as Error).message).not.toContain(bad);
    }
    const key = newEncryptionKey();
    expect(loadConfig({ SETTINGS_ENCRYPTION_KEY: key }).settingsEncryption.key).toHaveLength(32);
    expect(loadConfig({}).settingsEncryption).toEqual({ key: undefined, oldKey: undefined });
  });
});
