import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Config } from '#server/config.ts';
import { databaseFacts, type DatabaseFacts } from '#server/db/backup-facts.ts';
import { openDatabase } from '#server/db/client.ts';
import { clearPostgres, postgresTableCount, restorePostgres } from '#server/db/postgres-dump.ts';
import { importRows } from '#server/db/postgres-export.ts';
import { databaseTarget } from '#server/lib/database-target.ts';
import { readArchiveTar } from './archive-envelope';
import { reapplyErasures } from './reapply-erasures';
import { isArchivePath, manifestPath, type Manifest } from './manifest';
import { appIsServing } from './snapshot-socket';
import { ArchiveError, TarReader } from './tar-stream';
import { sha256OfFile, verifyArchive } from './verify-archive';

export class RestoreRefused extends Error {}

const entriesOf = async (dir: string) => readdir(dir).catch(() => [] as string[]);

/** What is in the target now, as a sentence; undefined when it is empty. */
async function targetContents(config: Config): Promise<string | undefined> {
  if (config.databaseUrl) {
    const tables = await postgresTableCount(config.databaseUrl);
    if (tables > 0) return `the database of DATABASE_URL has ${tables} tables`;
    const uploads = await entriesOf(config.storage.uploadsDir);
    return uploads.length > 0 ? `${config.storage.uploadsDir} holds files` : undefined;
  }
  const present = await entriesOf(config.dataDir);
  return present.length > 0
    ? `${config.dataDir} is not empty (${present.length} entries)`
    : undefined;
}

async function clearTarget(config: Config) {
  if (config.databaseUrl) await clearPostgres(config.databaseUrl);
  const dir = config.databaseUrl ? config.storage.uploadsDir : config.dataDir;
  for (const name of await entriesOf(dir))
    await rm(join(dir, name), { recursive: true, force: true });
}

/** Writes every entry but the manifest where the target keeps it (owner-only, as the app does). */
async function extract(path: string, key: Buffer | undefined, placeOf: (name: string) => string) {
  let fd: number | undefined;
  const reader = new TarReader({
    begin(name) {
      if (name === manifestPath) return;
      const target = placeOf(name);
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      fd = openSync(target, 'wx', 0o600);
    },
    data(chunk) {
      if (fd !== undefined) writeSync(fd, chunk);
    },
    end() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  });
  await readArchiveTar(path, key, (chunk) => reader.push(chunk));
  reader.finish();
}

export interface RestoreResult {
  manifest: Manifest;
  /** The database after the migrations ran forward. */
  after: DatabaseFacts;
  /** People erased after the backup was taken, erased again (BACKUP_DIR/erasures.jsonl). */
  erasedAgain: number;
}

/**
 * Restores the archive at `path` into the deployment `config` describes (an empty DATA_DIR, or
 * the empty database of DATABASE_URL): the archive is read whole and checked before anything is
 * written; a target with data is refused unless `force`. Then the migrations run forward.
 */
export async function restoreBackup(
  config: Config,
  path: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  if (driver === 'pglite' && (await appIsServing(config.dataDir))) {
    throw new RestoreRefused(`TintBook is running on ${config.dataDir}: stop it first`);
  }
  const contents = await targetContents(config);
  if (contents && !force) {
    throw new RestoreRefused(
      `Refused: ${contents}. Restore into an empty one, or add --force to replace it.`,
    );
  }
  const key = config.backup.encryptionKey;
  const { manifest, fileSha256 } = await verifyArchive(path, key);
  if (manifest.database.driver !== driver) {
    throw new RestoreRefused(
      manifest.database.driver === 'pglite'
        ? 'This backup is of the embedded database: restore it without DATABASE_URL, into a DATA_DIR.'
        : 'This backup is of PostgreSQL: set DATABASE_URL to an empty database to restore it.',
    );
  }
  // from here on the target is written: the archive must still be the file just checked
  if ((await sha256OfFile(path)) !== fileSha256) {
    throw new ArchiveError('the archive changed while it was being checked');
  }
  if (contents) await clearTarget(config);
  const staging = await mkdtemp(join(tmpdir(), 'tintbook-restore-'));
  try {
    const dump = join(staging, 'postgres.dump');
    const rows = join(staging, 'rows.jsonl');
    const uploads = config.storage.uploadsDir;
    await extract(path, key, (name) => {
      if (name === 'database/postgres.dump') return dump;
      if (name === 'database/rows.jsonl') return rows;
      if (name.startsWith('database/pgdata/')) {
        return join(config.dataDir, name.slice('database/pgdata/'.length));
      }
      return join(uploads, name.slice('uploads/'.length));
    });
    for (const folder of manifest.database.directories ?? []) {
      if (!isArchivePath(`database/pgdata/${folder}`)) continue; // never outside DATA_DIR
      mkdirSync(join(config.dataDir, folder), { recursive: true, mode: 0o700 });
    }
    if (config.databaseUrl && manifest.database.dump === 'app-rows-jsonl') {
      await importRows(config.databaseUrl, rows, manifest.database.migrations);
    } else if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, dump, config.backup.pgBinDir);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // as at start-up: the migrations of this version run forward, the job queue is set up
  const database = await openDatabase(databaseTarget(config));
  try {
    // APP 13: an erased person does not come back with an older backup
    const erasedAgain = await reapplyErasures(config, database.db);
    return { manifest, after: await databaseFacts(database.executeSql), erasedAgain };
  } finally {
    await database.close();
  }
}
