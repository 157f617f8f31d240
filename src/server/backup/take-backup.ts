import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Writable } from 'node:stream';
import type { Config } from '#server/config.ts';
import { databaseFacts, type DatabaseFacts } from '#server/db/backup-facts.ts';
import { copyPgliteFiles, openPgliteCopy } from '#server/db/pglite-files.ts';
import { dumpPostgres } from '#server/db/postgres-dump.ts';
import { packageRoot } from '#server/lib/package-root.ts';
import { archiveWriter } from './archive-envelope';
import { databaseDigestLine, manifestPath, type Manifest, type ManifestEntry } from './manifest';
import { requestSnapshot } from './snapshot-socket';
import { tarEnd, tarHeader, tarPadding, writeTo } from './tar-stream';

export class BackupError extends Error {}

/** Every regular file under `dir`, as paths relative to it (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Every folder under `dir`, relative to it. */
async function foldersUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Adds the file at `source` as `path`, hashing it on the way. */
async function addFile(tar: Writable, path: string, source: string, now: Date) {
  const { size } = await stat(source);
  await writeTo(tar, tarHeader(path, size, now));
  const hash = createHash('sha256');
  let written = 0;
  for await (const chunk of createReadStream(source) as AsyncIterable<Buffer>) {
    // a file that grows while read would break the header's size: only `size` bytes are taken
    const piece = chunk.subarray(0, Math.max(0, size - written));
    hash.update(piece);
    written += piece.length;
    await writeTo(tar, piece);
  }
  if (written !== size) throw new BackupError(`${source} shrank while it was backed up`);
  await writeTo(tar, tarPadding(size));
  return { path, size, sha256: hash.digest('hex') };
}

async function appVersion() {
  const pkg = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}

/** PGlite: a copy of the database files from the running app, or of the idle data directory. */
async function copyPglite(dataDir: string, into: string) {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(`${dataDir} holds no database (no PG_VERSION): check DATA_DIR`);
  }
  const copied = await requestSnapshot(dataDir, into);
  if (copied === 'not-running') await copyPgliteFiles(dataDir, into);
}

async function pgliteFacts(copy: string): Promise<DatabaseFacts> {
  // opened after the files are archived: starting it replays the WAL into the copy
  const database = await openPgliteCopy(copy);
  try {
    return await databaseFacts(database.executeSql);
  } finally {
    await database.close();
  }
}

/**
 * Writes a backup of the deployment `config` describes to `out`: the database (a copy of PGlite's
 * files, or pg_dump of PostgreSQL) and the uploaded files, then manifest.json. The file appears
 * at `out` only once complete; it is created owner-only (0600) and encrypted with
 * BACKUP_ENCRYPTION_KEY when set.
 */
export async function takeBackup(
  config: Config,
  out: string,
  now: Date,
  onNote?: (note: string) => void,
): Promise<Manifest> {
  if (existsSync(out)) throw new BackupError(`${out} exists already: name a new file`);
  const partial = `${out}.${randomUUID().slice(0, 8)}.partial`;
  const staging = await mkdtemp(join(tmpdir(), 'tintbook-backup-'));
  const { tar, done } = archiveWriter(partial, config.backup.encryptionKey);
  const failed = done.catch((err: unknown) => err);
  try {
    const entries: ManifestEntry[] = [];
    let facts: DatabaseFacts;
    let directories: string[] | undefined;
    let dumpKind: Manifest['database']['dump'] = 'pglite-data-dir';
    if (config.databaseUrl) {
      const dump = await dumpPostgres(config.databaseUrl, staging, config.backup.pgBinDir);
      if (dump.fallback)
        onNote?.(`pg_dump not used (${dump.fallback}): the app exported the rows itself`);
      facts = dump.facts;
      dumpKind = dump.kind;
      const path =
        dump.kind === 'pg-dump-custom' ? 'database/postgres.dump' : 'database/rows.jsonl';
      entries.push(await addFile(tar, path, dump.file, now));
    } else {
      const copy = join(staging, 'pgdata');
      await copyPglite(config.dataDir, copy);
      directories = await foldersUnder(copy);
      for (const file of await filesUnder(copy)) {
        entries.push(await addFile(tar, `database/pgdata/${file}`, join(copy, file), now));
      }
      facts = await pgliteFacts(copy);
    }
    const databaseSha256 = createHash('sha256')
      .update(entries.map(databaseDigestLine).join(''))
      .digest('hex');
    const s3 = config.storage.s3;
    if (!s3) {
      // copied after the database: every file a row of the dump names was stored before it
      const uploads = (await filesUnder(config.storage.uploadsDir)).filter(
        (file) => !file.endsWith('.partial'),
      );
      for (const file of uploads) {
        entries.push(
          await addFile(tar, `uploads/${file}`, join(config.storage.uploadsDir, file), now),
        );
      }
    }
    const manifest: Manifest = {
      format: 'tintbook-backup',
      formatVersion: 1,
      app: await appVersion(),
      createdAt: now.toISOString(),
      database: {
        driver: config.databaseUrl ? 'postgres' : 'pglite',
        dump: dumpKind,
        serverVersion: facts.serverVersion,
        migrations: facts.migrations,
        tables: facts.tables,
        ...(directories && { directories }),
        sha256: databaseSha256,
      },
      uploads: s3 ? { storage: 's3', s3Keys: facts.uploadKeys } : { storage: 'local' },
      entries,
    };
    const json = Buffer.from(JSON.stringify(manifest, null, 2));
    await writeTo(tar, tarHeader(manifestPath, json.length, now));
    await writeTo(tar, json);
    await writeTo(tar, tarPadding(json.length));
    tar.end(tarEnd());
    await done;
    await rename(partial, out);
    return manifest;
  } catch (err) {
    tar.destroy();
    await failed;
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
