import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config, type Env } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { testSettingsKey } from './test-app';

// Deployments for the backup tests: a DATA_DIR on disk (PGlite in it, as `npm start` runs) or a
// throwaway PostgreSQL database with a DATA_DIR for the uploads, on the project's driver.

export interface Deployment {
  config: Config;
  /** Opens (and migrates) the deployment's database, as the app does at start. */
  open(): Promise<Database>;
  /** Everything gone, as after a lost disk: an empty DATA_DIR, an empty database. */
  wipe(): Promise<void>;
  dispose(): Promise<void>;
}

let image: Promise<Blob> | undefined;

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function makeDeployment(env: Env = {}, { empty = false } = {}): Promise<Deployment> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tintbook-backup-test-'));
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', SETTINGS_ENCRYPTION_KEY: testSettingsKey };
  const clearDir = async () => {
    for (const name of await readdir(dataDir)) await rm(join(dataDir, name), { recursive: true });
  };
  if (inject('dbDriver') === 'pglite') {
    const config = loadConfig({ ...base, DATA_DIR: dataDir, ...env });
    const imagePath = inject('pgliteImagePath');
    if (imagePath) image ??= readFile(imagePath).then((bytes) => new Blob([bytes]));
    let first = !empty;
    return {
      config,
      async open() {
        // the first start loads the migrated image the other tests start from (initdb is slow)
        const start = first && image ? { image: await image } : {};
        first = false;
        return openDatabase({ driver: 'pglite', dataDir, ...start });
      },
      wipe: clearDir,
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `tintbook_backup_${randomUUID().replaceAll('-', '')}`;
  const template = empty ? 'template0' : inject('postgresTemplate');
  const create = () => adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template ?? 'template0'}`);
  const drop = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await create();
  const url = new URL(inject('postgresUrl') ?? '');
  url.pathname = `/${name}`;
  const config = loadConfig({ ...base, DATA_DIR: dataDir, DATABASE_URL: url.toString(), ...env });
  return {
    config,
    open: () => openDatabase({ driver: 'postgres', url: url.toString() }),
    async wipe() {
      await drop();
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE template0`);
      await clearDir();
    },
    async dispose() {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every entry under `dir` (files and folders), relative; none when it does not exist. */
export async function entriesUnder(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }).catch(() => [] as string[])).sort();
}
