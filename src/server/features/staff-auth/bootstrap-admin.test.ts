import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { ensureBootstrapAdmin } from './bootstrap-admin';
import { findStaffUserByEmail } from './staff-auth.repository';
import { postSignIn, runTsx, testPassword } from '#tests/helpers/staff.ts';

describe('the first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: testPassword });
  });
  afterAll(() => t.close());

  function capturingLogger() {
    const lines: string[] = [];
    return {
      lines,
      info: (details: object, message: string) => lines.push(JSON.stringify({ details, message })),
    };
  }

  it('is created at start and can sign in as admin', async () => {
    const res = await postSignIn(t.app, { email: 'owner@example.com', password: testPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: 'owner@example.com', role: 'admin' });
  });

  it('is created only when no account has that e-mail: a changed password survives restarts', async () => {
    const log = capturingLogger();
    const before = await findStaffUserByEmail(t.database.db, 'owner@example.com');
    const outcome = await ensureBootstrapAdmin(
      t.database.db,
      { email: 'owner@example.com', password: 'A-Different-Strong-Passphrase-9' },
      log,
    );
    expect(outcome).toBe('exists');
    const after = await findStaffUserByEmail(t.database.db, 'owner@example.com');
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('logs the e-mail, never the password', async () => {
    const log = capturingLogger();
    const password = 'Lantern-Otter-Blue-Seventeen';
    const outcome = await ensureBootstrapAdmin(
      t.database.db,
      { email: 'second.admin@example.com', password },
      log,
    );
    expect(outcome).toBe('created');
    expect(log.lines.join('\n')).toContain('second.admin@example.com');
    expect(log.lines.join('\n')).not.toContain(password);
  });

  it('stops start-up on a weak ADMIN_PASSWORD with a clear message that hides it', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'weak.admin@example.com',
      ADMIN_PASSWORD: 'password1234',
    });
    const failure = await buildApp({ config, database: t.database }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ConfigError);
    expect((failure as Error).message).toMatch(
      /^ADMIN_PASSWORD is refused: This password is too common/,
    );
    expect((failure as Error).message).not.toContain('password1234');
    expect(await findStaffUserByEmail(t.database.db, 'weak.admin@example.com')).toBeUndefined();
  });

  it('needs both variables, and names them without echoing the password', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Lantern-Otter-Blue-Seventeen' })).toThrow(
      /ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
    try {
      loadConfig({ ADMIN_EMAIL: 'not an email', ADMIN_PASSWORD: 'Lantern-Otter-Blue-Seventeen' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('ADMIN_EMAIL');
      expect((err as Error).message).not.toContain('Lantern-Otter');
    }
  });
});

// The real entry point with its real logger: what reaches the terminal. One PGlite data
// directory of its own, so once is enough whichever database the project tests. A first start
// runs initdb (seconds on a busy machine): the run waits for the "ready" line, and the generous
// limit only stops a process that never gets there.
describe.runIf(inject('dbDriver') === 'pglite')(
  'npm start with ADMIN_EMAIL / ADMIN_PASSWORD',
  { timeout: 180_000 },
  () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tintbook-start-'));
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const start = (password: string) =>
      runTsx(
        'src/server/main.ts',
        [],
        {
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'trace',
          ADMIN_EMAIL: 'first.admin@example.com',
          ADMIN_PASSWORD: password,
        },
        { stopWhen: /TintBook is ready/ },
      );

    it('creates the admin and logs the e-mail, never the password', async () => {
      const run = await start('Lantern-Otter-Blue-Seventeen');
      expect(run.out).toContain('TintBook is ready');
      expect(run.out).toContain('created the first admin account from ADMIN_EMAIL');
      expect(run.out).toContain('first.admin@example.com');
      expect(run.out).not.toContain('Lantern-Otter-Blue-Seventeen');
    });

    it('refuses to start with a weak ADMIN_PASSWORD, saying why without showing it', async () => {
      const run = await start('iloveyou1234');
      expect(run.code).toBe(1);
      expect(run.out).toContain('ADMIN_PASSWORD is refused: This password is too common');
      expect(run.out).not.toContain('iloveyou1234');
    });
  },
);
