import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runTsx } from '#tests/helpers/staff.ts';
import { openDatabase, type Db } from '#server/db/client.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { readSecretSetting } from '#server/db/settings-store.ts';
import { newEncryptionKey, parseEncryptionKey } from '#server/lib/secret-box.ts';
import { SettingSecrets } from '#server/lib/setting-secrets.ts';

// The CLI opens a PGlite data directory of its own, whichever database the project tests.
describe.runIf(inject('dbDriver') === 'pglite')(
  'npm run secrets (the CLI)',
  { timeout: 120_000 },
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-secrets-cli-'));
    const secretsCli = (args: string[], env: Record<string, string> = {}) =>
      runTsx('src/server/cli/secrets.ts', args, {
        DATA_DIR: dataDir,
        SETTINGS_ENCRYPTION_KEY: '',
        SETTINGS_OLD_KEY: '',
        ...env,
      });
    // PGlite allows one process per directory: open it only between CLI runs
    async function withDb<T>(work: (db: Db) => Promise<T>) {
      const database = await openDatabase({ driver: 'pglite', dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    }
    const boxOf = (key: string) => new SettingSecrets(parseEncryptionKey(key));
    const password = 'smtp-password-0123456789';

    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('new-key prints a key the app accepts', async () => {
      const run = await secretsCli(['new-key']);
      expect(run.code).toBe(0);
      const oldKey = run.out.trim();
      expect(parseEncryptionKey(oldKey)).toHaveLength(32);
      const again = await secretsCli(['new-key']);
      expect(again.out.trim()).not.toBe(oldKey);
    });

    it('rotate re-encrypts under the new key; the old key opens nothing afterwards', async () => {
      const oldKey = newEncryptionKey();
      await withDb((db) =>
        saveSettings(
          db,
          [{ key: 'smtp_password', value: password, category: 'email', isSecret: true }],
          boxOf(oldKey),
        ),
      );
      const newKey = (await secretsCli(['new-key'])).out.trim();
      const run = await secretsCli(['rotate'], {
        SETTINGS_OLD_KEY: oldKey,
        SETTINGS_ENCRYPTION_KEY: newKey,
      });
      expect(run.code, run.out).toBe(0);
      expect(run.out).toContain('re-encrypted from the old key: 1 (smtp_password)');
      expect(run.out).not.toContain(password);
      expect(run.out).not.toContain(newKey);
      await withDb(async (db) => {
        expect(await readSecretSetting(db, boxOf(newKey), 'smtp_password')).toBe(password);
        await expect(readSecretSetting(db, boxOf(oldKey), 'smtp_password')).rejects.toThrow();
      });
    });

    it('refuses to run without the new key or with a malformed one', async () => {
      const none = await secretsCli(['rotate']);
      expect(none.code).toBe(1);
      expect(none.out).toContain('Set SETTINGS_ENCRYPTION_KEY to the new key.');
      const bad = await secretsCli(['rotate'], { SETTINGS_ENCRYPTION_KEY: 'not-a-key' });
      expect(bad.code).toBe(1);
      expect(bad.out).toContain('SETTINGS_ENCRYPTION_KEY: must be 32 random bytes');
    });
  },
);
