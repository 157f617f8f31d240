import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema/index.ts';
import { migrationsDir } from '#server/lib/package-root.ts';

// For tests of one migration on data written before it: a database of the project's driver with
// no migrations run (the test apps start from a fully migrated image or template instead).

export interface BlankDatabase {
  db: Db;
  /** Runs the migrations of `folder` not run yet, as openDatabase does at start-up. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the database's URL, for a test's own connections. */
  url?: string;
}

export async function openBlankDatabase(): Promise<BlankDatabase> {
  if (inject('dbDriver') === 'pglite') {
    const [{ PGlite }, { btree_gist }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/btree_gist'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    // the extensions openDatabase gives PGlite (src/server/db/client.ts)
    const client = new PGlite({ extensions: { btree_gist } });
    const db = drizzle(client, { schema });
    return {
      db: db as unknown as Db,
      migrate: (folder = migrationsDir) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const adminUrl = inject('postgresUrl') ?? '';
  const name = `tintbook_blank_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // close() drops the database WITH (FORCE) right after pool.end(): a connection still closing
  // then is terminated by the server, an 'error' event that must not end the test run
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return {
    db: db as unknown as Db,
    url: url.toString(),
    migrate: (folder = migrationsDir) => migrate(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A copy of the migrations that stops just before `tag`: migrating with it leaves the database
 * as a deployment of the previous version had it. */
export async function migrationsBefore(tag: string) {
  const folder = await mkdtemp(join(tmpdir(), 'tintbook-migrations-'));
  await cp(migrationsDir, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`No migration ${tag}`);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return { folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
