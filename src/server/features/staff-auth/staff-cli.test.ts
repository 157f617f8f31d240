import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { verifyPassword } from './password-hash';
import { createStaffAccount } from './staff-accounts.service';
import { findSessionWithUser, findStaffUserByEmail } from './staff-auth.repository';
import { hashSessionToken, signIn } from './staff-sessions.service';
import { runTsx } from '#tests/helpers/staff.ts';

// The CLI opens a PGlite data directory of its own, whichever database the project tests.
describe.runIf(inject('dbDriver') === 'pglite')(
  'npm run staff (the CLI)',
  { timeout: 120_000 },
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-cli-'));
    const staff = (args: string[], stdin = '') =>
      runTsx('src/server/cli/staff.ts', args, { DATA_DIR: dataDir }, { stdin });
    // PGlite allows one process per directory: open it only between CLI runs
    async function withDb<T>(
      work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
    ) {
      const database = await openDatabase({ driver: 'pglite', dataDir });
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    }
    const signInNow = (email: string, password: string) =>
      withDb(async (db) => (await signIn(db, { email, password }, { now: new Date() })).token);
    const sessionAlive = (token: string) =>
      withDb(async (db) => (await findSessionWithUser(db, hashSessionToken(token))) !== undefined);

    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    const uniqueEmail = () => `cli.${randomUUID().slice(0, 6)}@example.com`;
    // an account of the test's own, made directly (no CLI run), with a password it can sign in with
    const createAccount = (email: string, password: string) =>
      withDb((db) => createStaffAccount(db, { email, role: 'admin', password }));

    it('adds an admin with the password from stdin, never echoing it', async () => {
      const email = uniqueEmail();
      const run = await staff(
        ['add', '--email', email.toUpperCase(), '--role', 'admin', '--name', 'Pat Lee'],
        'Blue-Otter-Lantern-42\n',
      );
      expect(run.out).toContain(`Created admin ${email}.`);
      expect(run.out).not.toContain('Blue-Otter');
      expect(run.code).toBe(0);
      const row = await withDb((db) => findStaffUserByEmail(db, email));
      expect(row).toMatchObject({ role: 'admin', displayName: 'Pat Lee', disabled: false });
      // the CLI runs under the test run's NODE_ENV, so at its cost (staff-passwords.test.ts)
      expect(row?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
    });

    it('refuses a common password, a duplicate e-mail and a missing role', async () => {
      const existing = uniqueEmail();
      await createAccount(existing, 'Blue-Otter-Lantern-42');
      const weak = await staff(
        ['add', '--email', uniqueEmail(), '--role', 'staff'],
        'password1234\n',
      );
      expect(weak.code).toBe(1);
      expect(weak.out).toContain('This password is too common');
      const duplicate = await staff(
        ['add', '--email', existing, '--role', 'staff'],
        'Lantern-Otter-Blue-Seventeen\n',
      );
      expect(duplicate.code).toBe(1);
      expect(duplicate.out).toContain('exists already');
      const noRole = await staff(
        ['add', '--email', uniqueEmail()],
        'Lantern-Otter-Blue-Seventeen\n',
      );
      expect(noRole.code).toBe(1);
      expect(noRole.out).toContain('--role admin|staff');
    });

    it('resets a password, which ends the account’s sessions', async () => {
      const email = uniqueEmail();
      await createAccount(email, 'Blue-Otter-Lantern-42');
      const token = await signInNow(email, 'Blue-Otter-Lantern-42');
      const run = await staff(
        ['reset-password', '--email', email],
        'Lantern-Otter-Blue-Seventeen\n',
      );
      expect(run.code).toBe(0);
      expect(await sessionAlive(token)).toBe(false);
      const hash = (await withDb((db) => findStaffUserByEmail(db, email)))?.passwordHash ?? '';
      expect(await verifyPassword('Lantern-Otter-Blue-Seventeen', hash)).toBe(true);
      expect(await verifyPassword('Blue-Otter-Lantern-42', hash)).toBe(false);
    });

    it('disables an account (ending its sessions) and lists accounts', async () => {
      const email = uniqueEmail();
      await createAccount(email, 'Lantern-Otter-Blue-Seventeen');
      const token = await signInNow(email, 'Lantern-Otter-Blue-Seventeen');
      const run = await staff(['disable', '--email', email]);
      expect(run.code).toBe(0);
      expect(await sessionAlive(token)).toBe(false);
      await expect(signInNow(email, 'Lantern-Otter-Blue-Seventeen')).rejects.toThrow(
        'Incorrect password',
      );
      const list = await staff(['list']);
      const escaped = email.replace(/[.]/g, '\\.');
      expect(list.out).toMatch(new RegExp(`${escaped}\\s+admin\\s+disabled`));
      expect(list.out).not.toContain('scrypt');
    });

    it('says which account is unknown', async () => {
      const run = await staff(['disable', '--email', 'nobody@example.com']);
      expect(run.code).toBe(1);
      expect(run.out).toContain('No staff account has the e-mail nobody@example.com.');
    });
  },
);
