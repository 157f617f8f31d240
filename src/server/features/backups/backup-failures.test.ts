import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns, messageDeliveries } from '#server/db/schema/index.ts';
import { harness, minutes, sunday10, type Harness } from '#tests/helpers/backup-harness.ts';
import { startFakeS3, type FakeS3 } from '#server/integrations/storage/fake-s3-server.ts';

// Issue 31: a backup destination that fails (the owner's message, the e-mail once on the second
// failure in a row) and backups to S3 against the local S3 server. The archive is written by a
// stand-in; the clock is frozen (tests/helpers/backup-harness.ts).

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
