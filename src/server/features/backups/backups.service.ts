import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { backupQueue } from '#server/db/job-queue-schema.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { MessageQueue } from '#server/messages/message-queue.ts';
import { backupDestination, destinationLabel } from './backup-destination';
import { backupJobOptions } from './backup-job-options';
import type { BackupJob } from './backup-run.service';
import { lastScheduledAt, nextScheduledAt } from './backup-times';
import type { BackupStatus } from '#shared/backups/backups.contract.ts';
import {
  claimRun,
  earliestRunAt,
  failureStreak,
  lastSuccessAt,
  latestRuns,
  ranSince,
  runningRun,
  type BackupRunRow,
} from './backups.repository';

/** A scheduled run this long overdue, with none started since, is shown as missed. */
export const missedAfterMs = 60 * 60 * 1000;
const shownRuns = 14;

const runOf = (row: BackupRunRow): BackupStatus['runs'][number] => ({
  id: row.id,
  trigger: row.trigger,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  outcome: row.outcome,
  sizeBytes: row.sizeBytes,
  error: row.error,
});

/**
 * Whether the latest scheduled time is missed: it passed over an hour ago, no run started at or
 * after it, and backups were configured by then. "Configured by then" is judged from what this
 * process knows without a record of config changes: a run recorded before that time (the app was
 * backing up already), or this process started before it with backups configured.
 */
async function isMissed(db: Db, config: Config, now: Date, since: Date): Promise<boolean> {
  const due = lastScheduledAt(now, config.backup.time);
  if (now.getTime() - due.getTime() <= missedAfterMs) return false;
  if (await ranSince(db, due)) return false;
  const earliest = await earliestRunAt(db);
  const configuredBy = earliest && earliest < since ? earliest : since;
  return configuredBy.getTime() <= due.getTime();
}

/** What Settings and the dashboard show. `since`: when this process started, by the app's clock. */
export async function backupStatus(
  db: Db,
  config: Config,
  now: Date,
  since: Date,
): Promise<BackupStatus> {
  const destination = backupDestination(config);
  const runs = await latestRuns(db, shownRuns);
  const streak = await failureStreak(db);
  const success = await lastSuccessAt(db);
  const base = {
    configured: destination !== undefined,
    destination: destination ? destinationLabel(destination) : null,
    time: config.backup.time,
    keep: config.backup.keep,
    encrypted: config.backup.encryptionKey !== undefined,
    lastSuccessAt: success?.toISOString() ?? null,
    nextAt: destination ? nextScheduledAt(now, config.backup.time).toISOString() : null,
    failuresInARow: streak.length,
    runs: runs.map(runOf),
  };
  const latestFinished = runs.find((run) => run.outcome !== 'running');
  const state: BackupStatus['state'] = !destination
    ? 'not-configured'
    : runs.some((run) => run.outcome === 'running')
      ? 'running'
      : latestFinished?.outcome === 'failed'
        ? 'failed'
        : (await isMissed(db, config, now, since))
          ? 'missed'
          : success
            ? 'ok'
            : 'none-yet';
  return { ...base, state };
}

/**
 * Back up now: the run's row and its job in one transaction, so a refused or rolled-back request
 * leaves neither. 409 when backups are not configured or one is running.
 */
export async function requestBackupNow(
  db: Db,
  queue: MessageQueue,
  config: Config,
  now: Date,
): Promise<{ id: string }> {
  if (!backupDestination(config)) {
    throw HttpError.conflict(
      'Backups are not set up: set BACKUP_DIR (or BACKUP_S3_PREFIX with S3 storage) and restart TintBook.',
    );
  }
  const running = 'A backup is running now: wait for it to finish.';
  if (await runningRun(db)) throw HttpError.conflict(running);
  return db.transaction(async (tx) => {
    const id = await claimRun(tx, 'manual', now);
    if (!id) throw HttpError.conflict(running);
    await queue.sendJobInTransaction(tx, backupQueue, { runId: id } satisfies BackupJob, {
      ...backupJobOptions,
      singletonKey: id,
    });
    return { id };
  });
}
