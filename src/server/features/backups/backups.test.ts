import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config, Env } from '#server/config.ts';
import { backupQueue } from '#server/db/job-queue-schema.ts';
import { backupRuns, messageDeliveries } from '#server/db/schema/index.ts';
import { isApiError } from '#tests/helpers/api-error.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { BackupJobs } from './backup-jobs';
import { startFakeS3, type FakeS3 } from '#server/integrations/storage/fake-s3-server.ts';
import type { TakeArchive } from './backup-run.service';

// Issue 31: the nightly backup's schedule, its record, the keep-N rotation, the owner's e-mail
// after two failures in a row, and GET /api/backups/status and POST /api/backups/run. The
// archive itself is written by a stand-in here (tests/server/backup-nightly.test.ts runs the real
// child process); the clock is frozen and moved by each test.

const silent = { info: () => {}, error: () => {} };
// Sunday 29 November 2026, 10:00 in Melbourne (AEDT, UTC+11)
const sunday10 = new Date('2026-11-28T23:00:00Z');
const minutes = (n: number) => n * 60 * 1000;
const hours = (n: number) => n * minutes(60);

interface Harness extends TestApp {
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
const fakeArchive: TakeArchive = async (_config: Config, out: string) => {
  await writeFile(out, 'tbk');
  return 3;
};

async function harness(env: (dir: string) => Env, takeArchive = fakeArchive): Promise<Harness> {
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

describe('backups not configured', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness(() => ({}));
  });
  afterAll(() => h.close());

  it('has no schedule (removed when it was there)', async () => {
    await h.jobs.boss.schedule(backupQueue, '0 3 * * *', {}, { tz: 'Australia/Melbourne' });
    expect(await h.jobs.syncSchedule()).toBe('unscheduled');
    expect(await h.jobs.boss.getSchedules()).toEqual([]);
  });

  it('shows not-configured and refuses Back up now with 409', async () => {
    expect(await h.status()).toEqual({
      configured: false,
      destination: null,
      time: '02:30',
      keep: 14,
      encrypted: false,
      state: 'not-configured',
      lastSuccessAt: null,
      nextAt: null,
      failuresInARow: 0,
      runs: [],
    });
    const res = await h.as('admin', 'POST', '/api/backups/run');
    expect(res.statusCode).toBe(409);
    expect(isApiError(res.json())).toBe(true);
    expect(res.json().error.message).toMatch(/BACKUP_DIR/);
  });
});

describe('backups to a folder', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness((dir) => ({ BACKUP_DIR: join(dir, 'archives'), BACKUP_KEEP: '2' }));
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.database.db.delete(backupRuns);
    h.clock.now = sunday10;
  });

  it('is scheduled every night at BACKUP_TIME in Melbourne', async () => {
    expect(await h.jobs.syncSchedule()).toBe('scheduled');
    const schedules = await h.jobs.boss.getSchedules();
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({
      name: backupQueue,
      cron: '30 2 * * *',
      timezone: 'Australia/Melbourne',
    });
  });

  it('guards the routes: 401 anonymous, 403 staff on Back up now', async () => {
    expect((await h.as(undefined, 'GET', '/api/backups/status')).statusCode).toBe(401);
    expect((await h.as(undefined, 'POST', '/api/backups/run')).statusCode).toBe(401);
    const staff = await h.as('staff', 'POST', '/api/backups/run');
    expect(staff.statusCode).toBe(403);
    expect(isApiError(staff.json())).toBe(true);
  });

  it('shows none-yet, then ok after a run that wrote its file and recorded it', async () => {
    expect(await h.status()).toMatchObject({
      configured: true,
      destination: join(h.dir, 'archives'),
      time: '02:30',
      keep: 2,
      state: 'none-yet',
      // Monday 30 November, 02:30 in Melbourne
      nextAt: '2026-11-29T15:30:00.000Z',
      runs: [],
    });
    const id = await h.jobs.run({});
    const [run] = await h.database.db.select().from(backupRuns);
    expect(run).toMatchObject({ id, outcome: 'succeeded', trigger: 'schedule', sizeBytes: 3 });
    expect(run?.location).toBe(join(h.dir, 'archives', 'tintbook-2026-11-28T230000Z.tbk'));
    expect(await readdir(join(h.dir, 'archives'))).toEqual(['tintbook-2026-11-28T230000Z.tbk']);
    const status = await h.status();
    expect(status).toMatchObject({
      state: 'ok',
      lastSuccessAt: sunday10.toISOString(),
      failuresInARow: 0,
    });
    expect(status.runs).toEqual([
      {
        id,
        trigger: 'schedule',
        startedAt: sunday10.toISOString(),
        finishedAt: sunday10.toISOString(),
        outcome: 'succeeded',
        sizeBytes: 3,
        error: null,
      },
    ]);
  });

  it('keeps the newest BACKUP_KEEP scheduled archives and deletes only recorded ones', async () => {
    const archives = join(h.dir, 'archives');
    await rm(archives, { recursive: true, force: true });
    await h.jobs.run({});
    // the owner's own file in the same folder, and a manual run: never rotated
    await writeFile(join(archives, 'tintbook-2020-01-01T000000Z.tbk'), 'mine');
    await writeFile(join(archives, 'notes.txt'), 'mine');
    for (let night = 1; night <= 3; night++) {
      h.clock.now = new Date(sunday10.getTime() + night * hours(24));
      await h.jobs.run({});
    }
    const names = (await readdir(archives)).sort();
    expect(names).toEqual([
      'notes.txt',
      'tintbook-2020-01-01T000000Z.tbk',
      'tintbook-2026-11-30T230000Z.tbk',
      'tintbook-2026-12-01T230000Z.tbk',
    ]);
    const runs = await h.database.db.select().from(backupRuns);
    expect(runs.filter((run) => run.removedAt !== null)).toHaveLength(2);
  });

  it('Back up now: 202 with the run, 409 while it runs, then the worker runs it', async () => {
    const first = await h.as('admin', 'POST', '/api/backups/run');
    expect(first.statusCode).toBe(202);
    const { run } = first.json() as { run: { id: string } };
    expect(run.id).toMatch(/^[0-9a-f-]{36}$/);
    const again = await h.as('admin', 'POST', '/api/backups/run');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/running/);
    expect((await h.status()).state).toBe('running');
    // the job was queued with the row
    const jobs = await h.database.executeSql(
      `select data from pgboss.job where name = $1 and data->>'runId' = $2`,
      [backupQueue, run.id],
    );
    expect(jobs.rows).toHaveLength(1);
    // a scheduled run meanwhile is skipped, not a second one at once
    expect(await h.jobs.run({})).toBeNull();
    expect(await h.jobs.run({ runId: run.id })).toBe(run.id);
    const [row] = await h.database.db.select().from(backupRuns).where(eq(backupRuns.id, run.id));
    expect(row).toMatchObject({ trigger: 'manual', outcome: 'succeeded' });
    expect((await h.status()).state).toBe('ok');
  });

  it('shows missed when last night passed over an hour ago with no run since', async () => {
    // a run two nights ago: backups were configured before last night's 02:30
    h.clock.now = new Date(sunday10.getTime() - hours(2 * 24));
    await h.jobs.run({});
    // Sunday 04:00 in Melbourne: 02:30 passed 90 minutes ago, nothing ran
    h.clock.now = new Date('2026-11-28T17:00:00Z');
    expect(await h.status()).toMatchObject({ state: 'missed' });
    // 03:00: within the hour, not yet missed
    h.clock.now = new Date('2026-11-28T16:00:00Z');
    expect(await h.status()).toMatchObject({ state: 'ok' });
    // a run after 02:30 clears it
    h.clock.now = new Date('2026-11-28T17:00:00Z');
    await h.jobs.run({});
    expect(await h.status()).toMatchObject({ state: 'ok' });
  });

  it('is not missed before it was ever configured (a fresh install at 10:00)', async () => {
    expect(await h.status()).toMatchObject({ state: 'none-yet' });
  });
});

describe('backups to a path that is not a folder', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness((dir) => ({ BACKUP_DIR: join(dir, 'a-file') }));
    await writeFile(join(h.dir, 'a-file'), 'not a folder');
  });
  afterAll(() => h.close());

  const backupEmails = () =>
    h.database.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.kind, 'backup_failed'));

  it('records a failure the owner can read, and e-mails once on the second in a row', async () => {
    await h.jobs.run({});
    const [run] = await h.database.db.select().from(backupRuns);
    expect(run).toMatchObject({ outcome: 'failed', trigger: 'schedule' });
    expect(run?.error).toBe(
      `${join(h.dir, 'a-file')} is not a folder: set BACKUP_DIR to a folder TintBook can write to.`,
    );
    expect(run?.error).not.toMatch(/\n|\s+at\s/);
    expect(await h.status()).toMatchObject({ state: 'failed', failuresInARow: 1 });
    expect(await backupEmails()).toHaveLength(0);

    // (minutes apart, not nights: the staff session of the status calls lives by the same clock)
    h.clock.now = new Date(sunday10.getTime() + minutes(10));
    await h.jobs.run({});
    expect(await h.status()).toMatchObject({ state: 'failed', failuresInARow: 2 });
    const emails = await backupEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ channel: 'email', status: 'queued' });
    expect(emails[0]?.payload).toMatchObject({ failures: 2, error: run?.error });
    // its pg-boss job went in with it
    const jobs = await h.database.executeSql(`select id from pgboss.job where id = $1`, [
      emails[0]?.jobId,
    ]);
    expect(jobs.rows).toHaveLength(1);

    // a third failure in the same streak: no second e-mail
    h.clock.now = new Date(sunday10.getTime() + minutes(20));
    await h.jobs.run({});
    expect(await backupEmails()).toHaveLength(1);
    expect(await h.status()).toMatchObject({ failuresInARow: 3, lastSuccessAt: null });
  });
});

describe('backups to S3 (BACKUP_S3_PREFIX)', () => {
  let h: Harness;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
    h = await harness((dir) => ({
      DATA_DIR: dir,
      S3_BUCKET: 'tintbook-files',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test',
      S3_FORCE_PATH_STYLE: 'true',
      BACKUP_S3_PREFIX: 'backups/',
      BACKUP_KEEP: '1',
    }));
  });
  afterAll(async () => {
    await h.close();
    await s3.close();
  });

  it('uploads each archive under the prefix and deletes only the recorded ones beyond KEEP', async () => {
    s3.objects.set('tintbook-files/backups/not-ours.tbk', {
      body: Buffer.from('x'),
      contentType: undefined,
    });
    expect(await h.status()).toMatchObject({
      configured: true,
      destination: 's3://tintbook-files/backups/',
      state: 'none-yet',
    });
    await h.jobs.run({});
    h.clock.now = new Date(sunday10.getTime() + minutes(10));
    await h.jobs.run({});
    const runs = await h.database.db.select().from(backupRuns).orderBy(backupRuns.startedAt);
    expect(runs.map((run) => run.location)).toEqual([
      's3://tintbook-files/backups/tintbook-2026-11-28T230000Z.tbk',
      's3://tintbook-files/backups/tintbook-2026-11-28T231000Z.tbk',
    ]);
    expect([...s3.objects.keys()].sort()).toEqual([
      'tintbook-files/backups/not-ours.tbk',
      'tintbook-files/backups/tintbook-2026-11-28T231000Z.tbk',
    ]);
    expect(s3.objects.get('tintbook-files/backups/tintbook-2026-11-28T231000Z.tbk')?.body).toEqual(
      Buffer.from('tbk'),
    );
    expect(await h.status()).toMatchObject({ state: 'ok' });
  });
});
