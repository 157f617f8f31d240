import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backupQueue } from '#server/db/job-queue-schema.ts';
import { backupRuns } from '#server/db/schema/index.ts';
import { isApiError } from '#tests/helpers/api-error.ts';
import { harness, hours, sunday10, type Harness } from '#tests/helpers/backup-harness.ts';

// Issue 31: the nightly backup's schedule, its record, the keep-N rotation, and
// GET /api/backups/status and POST /api/backups/run, on a frozen clock moved by each test. The
// archive is written by a stand-in (tests/server/backup-nightly.test.ts runs the real child
// process); failures and S3 are in backup-failures.test.ts.

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
