import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { ChildBackupError } from '#server/backup/run-in-child.ts';
import { createS3Archives, type S3Archives } from '#server/integrations/storage/s3-archives.ts';
import { oncePer } from '#server/messages/deliveries.repository.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import { staffRecipient, staffRecipientKeys } from '#server/messages/staff-recipient.ts';
import {
  backupDestination,
  destinationLabel,
  s3KeyOf,
  type BackupDestination,
} from './backup-destination';
import { archiveNameAt } from './backup-times';
import {
  archivesBeyond,
  claimRun,
  failureStreak,
  findRun,
  markRemoved,
  recordFailure,
  recordSuccess,
} from './backups.repository';

// One backup run (the job of the nightly schedule or of Back up now), recorded in backup_runs
// from start to end; then the rotation, or on a second failure in a row the owner's e-mail.

/** Writes a backup of `config`'s deployment to `out`; its size. The child process in the app. */
export type TakeArchive = (config: Config, out: string, now: Date) => Promise<number>;

export interface BackupRunDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  now: () => Date;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  takeArchive: TakeArchive;
  /** The bucket's archives; made from the S3 config when not given. */
  s3?: S3Archives | undefined;
}

/** A run's job: a manual run names the row its request made; a scheduled one makes its own. */
export interface BackupJob {
  runId?: string;
}

const s3Of = (deps: BackupRunDeps) => {
  const s3 = deps.config.storage.s3;
  if (!s3) throw new Error('S3 is not configured');
  return (deps.s3 ??= createS3Archives(s3));
};

const errorCode = (err: unknown) => (err as { code?: unknown }).code;

/** What went wrong, in a sentence for the owner: never a stack, never a key. */
export function ownerMessage(err: unknown, destination: BackupDestination): string {
  const where = destinationLabel(destination);
  const code = err instanceof ChildBackupError ? err.code : errorCode(err);
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return `${where} is not a folder: set BACKUP_DIR to a folder TintBook can write to.`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `TintBook may not write to ${where}: check the folder's owner and permissions.`;
  }
  if (code === 'ENOSPC') return `The disk of ${where} is full: free some space.`;
  if (code === 'ENOENT' && destination.kind === 'dir') {
    return `${where} could not be created: check BACKUP_DIR.`;
  }
  const message = (err as Error).message?.split('\n')[0]?.slice(0, 240) ?? String(err);
  if (err instanceof ChildBackupError && err.expected) return message;
  if (destination.kind === 's3') {
    return `The backup could not be sent to ${where}: ${(err as Error).name ?? 'error'}. Check the bucket and its keys.`;
  }
  return `The backup failed: ${message}`;
}

/** Writes the archive where the destination says; its location and size. */
async function writeArchive(deps: BackupRunDeps, destination: BackupDestination, now: Date) {
  const name = archiveNameAt(now);
  if (destination.kind === 'dir') {
    await mkdir(destination.dir, { recursive: true, mode: 0o700 });
    const out = join(destination.dir, name);
    return { location: out, sizeBytes: await deps.takeArchive(deps.config, out, now) };
  }
  const staging = await mkdtemp(join(tmpdir(), 'tintbook-backup-upload-'));
  try {
    const out = join(staging, name);
    const sizeBytes = await deps.takeArchive(deps.config, out, now);
    const key = s3KeyOf(destination.prefix, name);
    await s3Of(deps).put(key, out);
    return { location: `s3://${destination.bucket}/${key}`, sizeBytes };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Deletes the scheduled archives beyond BACKUP_KEEP, oldest first: only the ones recorded here,
 * so nothing else in the folder or bucket is ever touched. A file already gone counts as removed.
 */
export async function rotateArchives(deps: BackupRunDeps): Promise<number> {
  const now = deps.now();
  let removed = 0;
  for (const run of await archivesBeyond(deps.db, deps.config.backup.keep)) {
    const location = run.location as string;
    const s3 = /^s3:\/\/[^/]+\/(.+)$/.exec(location);
    if (s3) await s3Of(deps).remove(s3[1] as string);
    else await rm(location, { force: true });
    await markRemoved(deps.db, run.id, now);
    removed += 1;
  }
  return removed;
}

/**
 * Records the failure and, when the run before it failed too, queues the owner's e-mail on the
 * same transaction: once per streak (its dedupe key is the streak's first failed run).
 */
async function failRun(deps: BackupRunDeps, id: string, error: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await recordFailure(tx, id, error, deps.now()))) return;
    const streak = await failureStreak(tx);
    const first = streak.at(-1);
    if (streak.length < 2 || !first) return;
    const recipient = await staffRecipient(tx, await readSettings(tx, staffRecipientKeys));
    if (!recipient) return;
    await deps.outbox.put(
      tx,
      oncePer(first.id, {
        channel: 'email',
        kind: 'backup_failed',
        recipient,
        payload: { error, failures: streak.length, since: first.startedAt.toISOString() },
      }),
    );
  });
}

/** The job: one backup, recorded. Never throws for a failed backup (it is recorded instead). */
export async function runBackup(deps: BackupRunDeps, job: BackupJob): Promise<string | null> {
  const destination = backupDestination(deps.config);
  if (!destination) {
    deps.log.info({}, 'backups are not configured: the run is skipped');
    return null;
  }
  const startedAt = deps.now();
  const id = job.runId ?? (await claimRun(deps.db, 'schedule', startedAt));
  if (!id) {
    deps.log.info({}, 'a backup is running already: this scheduled one is skipped');
    return null;
  }
  const run = await findRun(deps.db, id);
  if (run?.outcome !== 'running') return null; // done already (a job run twice)
  try {
    const written = await writeArchive(deps, destination, run.startedAt);
    await recordSuccess(deps.db, id, { ...written, finishedAt: deps.now() });
    deps.log.info({ location: written.location, sizeBytes: written.sizeBytes }, 'backup written');
  } catch (err) {
    deps.log.error({ err }, 'backup failed');
    await failRun(deps, id, ownerMessage(err, destination));
    return id;
  }
  await rotateArchives(deps).catch((err: unknown) =>
    deps.log.error({ err }, 'backup rotation failed: older archives were not deleted'),
  );
  return id;
}
