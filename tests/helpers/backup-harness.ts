import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Config, Env } from '#server/config.ts';
import { BackupJobs } from '#server/features/backups/backup-jobs.ts';
import type { TakeArchive } from '#server/features/backups/backup-run.service.ts';
import { createStaff, sameOrigin, signInAs } from './staff';
import { createTestApp, type TestApp } from './test-app';

// Issue 31: an app whose nightly backups are driven by hand on a frozen clock, with a staff and
// an admin signed in; the archive itself is written by a stand-in (backups*.test.ts).

const silent = { info: () => {}, error: () => {} };
// Sunday 29 November 2026, 10:00 in Melbourne (AEDT, UTC+11)
export const sunday10 = new Date('2026-11-28T23:00:00Z');
export const minutes = (n: number) => n * 60 * 1000;
export const hours = (n: number) => n * minutes(60);

export interface Harness extends TestApp {
  clock: { now: Date };
  jobs: BackupJobs;
  dir: string;
  as(
    role: 'staff' | 'admin' | undefined,
    method: 'GET' | 'POST',
    url: string,
  ): Promise<LightMyRequestResponse>;
  status(): Promise<Record<string, unknown>>;
}

/** An archive written as a 3-byte file: what the rotation and the record need. */
export const fakeArchive: TakeArchive = async (_config: Config, out: string) => {
  await writeFile(out, 'tbk');
  return 3;
};

export async function harness(
  env: (dir: string) => Env,
  takeArchive = fakeArchive,
): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'tintbook-backups-'));
  const clock = { now: sunday10 };
  const t = await createTestApp(env(dir), { now: () => clock.now });
  const db = t.database.db;
  const cookies = {
    staff: await signInAs(t.app, (await createStaff(db, { role: 'staff' })).email),
    admin: await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email),
  };
  const jobs = new BackupJobs(t.database, {
    db,
    config: t.app.config,
    outbox: t.app.outbox,
    now: () => clock.now,
    log: silent,
    takeArchive,
  });
  const as: Harness['as'] = (role, method, url) =>
    t.app.inject({ method, url, headers: role ? { cookie: cookies[role], ...sameOrigin } : {} });
  return {
    ...t,
    clock,
    jobs,
    dir,
    as,
    async status() {
      const res = await as('staff', 'GET', '/api/backups/status');
      expect(res.statusCode).toBe(200);
      return (res.json() as { backups: Record<string, unknown> }).backups;
    },
    async close() {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
