import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { throwawayDatabase } from '#tests/helpers/throwaway-postgres.ts';
import { openDatabase, type Database, type DatabaseTarget } from '#server/db/client.ts';
import { migrationsDir, packageRoot } from '#server/lib/package-root.ts';

// Issue 31: migrations never run half. A process killed (SIGKILL) in the middle of a migration
// leaves the database as it was before it: the migration's table and column are not there, its
// journal row is not written, and the data it changed is as it was.

const driver = inject('dbDriver');
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyTarget(): Promise<DatabaseTarget & { signal: string }> {
  if (driver === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'tintbook-interrupted-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // PGlite sees its data directory as /pglite/data: a file written there is one in dataDir
    return { driver, dataDir, signal: join(dataDir, 'migration-started') };
  }
  const database = await throwawayDatabase('tintbook_interrupted');
  cleanups.push(database.drop);
  return { driver, url: database.url, signal: database.name };
}

/** Today's migrations and one more that changes a table, then waits a minute. */
async function migrationsWithSlowOne(signal: string) {
  const folder = await mkdtemp(join(tmpdir(), 'tintbook-migrations-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(migrationsDir, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const last = journal.entries.at(-1)!;
  const tag = '9999_interrupted';
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
  await writeFile(journalPath, JSON.stringify(journal));
  const statements = [
    'CREATE TABLE interrupted_probe (id integer)',
    'ALTER TABLE customers ADD COLUMN interrupted_probe integer',
    "UPDATE settings SET value = '\"interrupted\"' WHERE key = 'business_name'",
    // the parent's cue: on PGlite a file in the data directory, on PostgreSQL pg_stat_activity
    ...(driver === 'pglite' ? ["COPY (SELECT 1) TO '/pglite/data/migration-started'"] : []),
    `SELECT pg_sleep(60) /* ${signal} */`,
  ];
  await writeFile(join(folder, `${tag}.sql`), statements.join(';\n--> statement-breakpoint\n'));
  return folder;
}

const count = async (database: Database, sql: string) =>
  Number(((await database.executeSql(sql)).rows[0] as { n: number }).n);

async function sleeping(target: DatabaseTarget & { signal: string }): Promise<boolean> {
  if (target.driver === 'pglite') return existsSync(target.signal);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND position('pg_sleep' in query) > 0",
      [target.signal],
    );
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

describe(`a migration killed half way (${driver})`, () => {
  it('leaves the database as it was before that migration', async () => {
    const target = await emptyTarget();
    const { signal: _signal, ...where } = target;
    const first = await openDatabase(where);
    const applied = await count(
      first,
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    const settingsBefore = await first.executeSql('SELECT key, value FROM settings ORDER BY key');
    await first.close();

    const migrationsFolder = await migrationsWithSlowOne(target.signal);
    const child = spawn(
      join(packageRoot, 'node_modules', '.bin', 'tsx'),
      ['tests/helpers/open-database-child.ts', JSON.stringify({ ...where, migrationsFolder })],
      { cwd: packageRoot, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    await expect.poll(() => sleeping(target), { timeout: 60_000, interval: 100 }).toBe(true);
    child.kill('SIGKILL');
    await exited;

    const after = await openDatabase(where);
    try {
      expect(
        await count(after, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'),
      ).toBe(applied);
      expect(
        await count(
          after,
          "SELECT count(*)::int AS n FROM pg_class WHERE relname = 'interrupted_probe'",
        ),
      ).toBe(0);
      expect(
        await count(
          after,
          "SELECT count(*)::int AS n FROM information_schema.columns WHERE column_name = 'interrupted_probe'",
        ),
      ).toBe(0);
      expect(await after.executeSql('SELECT key, value FROM settings ORDER BY key')).toMatchObject({
        rows: settingsBefore.rows,
      });
    } finally {
      await after.close();
    }
  }, 120_000);
});
