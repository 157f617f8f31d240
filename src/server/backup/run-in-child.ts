import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Config } from '#server/config.ts';
import type { BackupChildAnswer, BackupChildJob } from './backup-child';

// The scheduled backup runs in a child process, never on the app's event loop: tar, sha256 of
// every file, gzip and AES-GCM of a whole data directory and its photos are seconds to minutes of
// CPU, and a worker thread would still share this process's memory and its one PGlite. A child
// is the `npm run backup` path exactly (same takeBackup, same snapshot socket on PGlite: it asks
// this process to copy its files between two transactions, ADR 056), and a crash or an
// out-of-memory in it fails the run instead of the app.

// From source this module is a .ts file beside backup-child.ts; in the build, main.js sits beside
// backup-child.js (see build:server in package.json).
const fromSource = import.meta.url.endsWith('.ts');
const childFile = fileURLToPath(
  new URL(fromSource ? './backup-child.ts' : './backup-child.js', import.meta.url),
);

export class ChildBackupError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** The message was written for people (BackupError and the like). */
    readonly expected: boolean,
  ) {
    super(message);
  }
}

/** Writes a backup of `config`'s deployment to `out` in a child process; its size in bytes. */
export function backupInChild(config: Config, out: string, now: Date): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(childFile, [], {
      // from source the child needs tsx's loader; the build is plain JavaScript
      execArgv: fromSource ? ['--import', 'tsx'] : [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: BackupChildAnswer | undefined;
    child.once('message', (message: BackupChildAnswer) => (answer = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer?.ok) return resolve(answer.sizeBytes);
      if (answer) return reject(new ChildBackupError(answer.message, answer.code, answer.expected));
      reject(
        new ChildBackupError(
          `The backup process stopped (${signal ?? `exit code ${code}`}) before it finished`,
          undefined,
          true,
        ),
      );
    });
    child.send({ config, out, now: now.toISOString() } satisfies BackupChildJob);
  });
}
