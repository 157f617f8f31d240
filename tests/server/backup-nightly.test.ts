import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { restoreBackup } from '#server/backup/restore-backup.ts';
import { backupInChild } from '#server/backup/run-in-child.ts';
import { serveSnapshots } from '#server/backup/snapshot-socket.ts';
import { verifyArchive } from '#server/backup/verify-archive.ts';
import type { Database } from '#server/db/client.ts';
import { backupRuns, customers } from '#server/db/schema/index.ts';
import { BackupJobs } from '#server/features/backups/backup-jobs.ts';
import { makeDeployment, type Deployment } from '#tests/helpers/backup-kit.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// Issue 31: the nightly job as the worker runs it, with the real child process (the backup CLI's
// takeBackup; on PGlite it asks this process over the snapshot socket for the copy), on a
// deployment on disk. Then APP 13 across a restore: a customer erased after the backup is erased
// again when that older backup is restored.

const noLog = { info: () => {}, warn: () => {}, error: () => {} };
// Sunday 29 November 2026, 02:30 in Melbourne
const night = new Date('2026-11-28T15:30:00Z');

describe('the nightly backup, in a child process, and erasures across a restore', () => {
  let deployment: Deployment;
  let backupDir: string;
  let database: Database;
  let app: FastifyInstance;
  let snapshots: { close(): Promise<void> };
  const clock = { now: night };
  let customerId: string;
  let archive: string;

  beforeAll(async () => {
    backupDir = await mkdtemp(join(tmpdir(), 'tintbook-nightly-'));
    deployment = await makeDeployment({ BACKUP_DIR: backupDir });
    database = await deployment.open();
    app = await buildApp({ config: deployment.config, database, now: () => clock.now });
    await app.ready();
    snapshots = await serveSnapshots(database, deployment.config.dataDir, noLog);
    const [customer] = await database.db
      .insert(customers)
      .values({
        firstName: 'Zephyrine',
        lastName: 'Quillfeather',
        email: 'zephyrine.quill@example.com',
        phone: '0498765432',
        address: '77 Obscurity Lane, Fitzroy VIC 3065',
      })
      .returning({ id: customers.id });
    customerId = customer?.id as string;
  });

  afterAll(async () => {
    await snapshots.close();
    await app.close();
    await database.close().catch(() => {});
    await deployment.dispose();
    await rm(backupDir, { recursive: true, force: true });
  });

  it('writes an owner-only archive through the job handler and records the success', async () => {
    const jobs = new BackupJobs(database, {
      db: database.db,
      config: deployment.config,
      outbox: app.outbox,
      now: () => clock.now,
      log: noLog,
      takeArchive: backupInChild,
    });
    const id = await jobs.run({});
    const [run] = await database.db.select().from(backupRuns);
    expect(run).toMatchObject({ id, outcome: 'succeeded', trigger: 'schedule', error: null });
    archive = run?.location as string;
    expect(archive).toBe(join(backupDir, 'tintbook-2026-11-28T153000Z.tbk'));
    const file = await stat(archive);
    expect(file.mode & 0o777).toBe(0o600);
    expect(run?.sizeBytes).toBe(file.size);
    const { manifest } = await verifyArchive(archive, undefined);
    expect(manifest.createdAt).toBe(night.toISOString());
    expect(manifest.database.tables.customers).toBeGreaterThanOrEqual(1);
  });

  it('erases again, after a restore of the older backup, a customer erased since', async () => {
    clock.now = new Date(night.getTime() + 60_000);
    const cookie = await signInAs(app, (await createStaff(database.db, { role: 'admin' })).email);
    const erased = await app.inject({
      method: 'POST',
      url: `/api/admin/privacy/customers/${customerId}/erase`,
      headers: { cookie, ...sameOrigin },
    });
    expect(erased.statusCode).toBe(200);
    const list = (await readFile(join(backupDir, 'erasures.jsonl'), 'utf8')).trim().split('\n');
    expect(list.map((line) => JSON.parse(line) as { customerId: string })).toEqual([
      expect.objectContaining({ customerId, at: clock.now.toISOString() }),
    ]);

    // the machine is lost; the last night's backup is restored
    await snapshots.close();
    await app.close();
    await database.close();
    await deployment.wipe();
    const restored = await restoreBackup(deployment.config, archive);
    expect(restored.erasedAgain).toBe(1);
    database = await deployment.open();
    const [customer] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(customer?.erasedAt).toEqual(clock.now);
    expect(JSON.stringify(customer)).not.toMatch(/Zephyrine|Quillfeather|zephyrine|0498765432/);
    // the other tests' cleanup closes these
    app = await buildApp({ config: deployment.config, database, now: () => clock.now });
    snapshots = { close: async () => {} };
  });
});
