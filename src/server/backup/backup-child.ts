// Entry of the child process that takes a scheduled backup (issue 31; started by run-in-child.ts,
// built to dist/server/backup-child.js beside main.js). It gets the deployment's config and the
// file to write over its IPC channel (never on its command line: the config holds keys), runs
// the same takeBackup as `npm run backup`, and answers with the size or a message for the owner.
import { stat } from 'node:fs/promises';
import type { Config } from '#server/config.ts';
import { DumpToolError } from '#server/db/postgres-dump.ts';
import { ArchiveError } from './tar-stream';
import { BackupError, takeBackup } from './take-backup';

export interface BackupChildJob {
  config: Config;
  out: string;
  /** ISO instant written into the manifest (the app's clock). */
  now: string;
}

export type BackupChildAnswer =
  | { ok: true; sizeBytes: number }
  | { ok: false; message: string; code?: string | undefined; expected: boolean };

/** Buffers cross the IPC channel as Uint8Arrays: the keys are made Buffers again. */
function revived(config: Config): Config {
  const key = config.backup.encryptionKey;
  return {
    ...config,
    backup: { ...config.backup, encryptionKey: key && Buffer.from(key) },
  };
}

async function run(job: BackupChildJob): Promise<BackupChildAnswer> {
  try {
    await takeBackup(revived(job.config), job.out, new Date(job.now));
    return { ok: true, sizeBytes: (await stat(job.out)).size };
  } catch (err) {
    const expected = [BackupError, ArchiveError, DumpToolError].some((type) => err instanceof type);
    const { message, code } = err as { message?: string; code?: string };
    return { ok: false, message: String(message ?? err), code, expected };
  }
}

process.once('message', (job: BackupChildJob) => {
  void run(job).then((answer) => {
    process.send?.(answer, () => process.disconnect());
  });
});
