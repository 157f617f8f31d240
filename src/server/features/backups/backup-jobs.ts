import type PgBoss from 'pg-boss';
import type { Database } from '#server/db/client.ts';
import { backupQueue, newBoss } from '#server/db/job-queue-schema.ts';
import { backupDestination } from './backup-destination';
import { backupJobOptions } from './backup-job-options';
import { runBackup, type BackupJob, type BackupRunDeps } from './backup-run.service';
import { backupTimeZone, cronOf } from './backup-times';
import { failStaleRuns } from './backups.repository';

// The nightly backup as a pg-boss cron schedule (issue 31, ADR 056), run by the worker (inside
// `npm start`, or `npm run worker`). The schedule lives in pg-boss's table, so several workers
// share one: pg-boss's clock sends the job once per minute that matches, and the backup queue
// ('singleton') runs one at a time. The job itself is runBackup; the archive is written by a
// child process (backup/run-in-child.ts), so this process only waits.

const NOTHING_DONE = { rows: undefined as unknown as never[] };

export class BackupJobs {
  readonly boss: PgBoss;
  #stopped = false;

  constructor(
    database: Database,
    private readonly deps: BackupRunDeps,
  ) {
    // its own pg-boss: the message queue's runs without pg-boss's clock (schedule: false), which
    // the cron needs. After the stop, late calls do nothing (as in message-queue.ts).
    const executeSql: typeof database.executeSql = (text, values) =>
      this.#stopped ? Promise.resolve(NOTHING_DONE) : database.executeSql(text, values);
    this.boss = newBoss(executeSql, {
      supervise: false,
      schedule: true,
      migrate: false,
      pollingIntervalSeconds: 5,
    });
  }

  /** The schedule as the config says: at BACKUP_TIME in Melbourne, or none when unconfigured. */
  async syncSchedule(): Promise<'scheduled' | 'unscheduled'> {
    const { config } = this.deps;
    if (!backupDestination(config)) {
      await this.boss.unschedule(backupQueue);
      return 'unscheduled';
    }
    await this.boss.schedule(backupQueue, cronOf(config.backup.time), {} satisfies BackupJob, {
      ...backupJobOptions,
      tz: backupTimeZone,
    });
    return 'scheduled';
  }

  /** One job, as the worker runs it (tests call it directly). */
  run(job: BackupJob) {
    return runBackup(this.deps, job);
  }

  async start(): Promise<void> {
    this.boss.on('error', (err) => this.deps.log.error({ err }, 'backup job queue error'));
    await this.boss.start();
    // a run left 'running' by a process that died during it would block every later one
    const now = this.deps.now();
    const before = new Date(now.getTime() - backupJobOptions.expireInSeconds * 1000);
    await failStaleRuns(
      this.deps.db,
      before,
      now,
      'The backup was interrupted: TintBook stopped while it ran.',
    );
    await this.syncSchedule();
    await this.boss.work<BackupJob>(backupQueue, { batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await this.run(job.data);
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, close: false, timeout: 30_000 });
    this.#stopped = true;
  }
}
