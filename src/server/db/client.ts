import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsDir } from '#server/lib/package-root.ts';
import { listenOnPostgres, type Listening } from './change-listener';
import { installJobQueue } from './job-queue-schema';
import { copyPgliteFiles } from './pglite-files';
import { yieldingBetweenStatements } from './pglite-yielding';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Round-trip time of a trivial query in milliseconds; throws when the database is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start another database from. */
  dump?(): Promise<Blob>;
  /**
   * PGlite in a data directory only: copies its database files into the empty folder `into` while
   * no statement and no transaction runs, so the copy is the database as of one instant between
   * transactions (ADR 056). Requests wait meanwhile; the app's uploads are not copied.
   */
  copyDataDir?(into: string): Promise<number>;
  /** Plain SQL with $1… parameters, outside drizzle: what pg-boss runs its queue with. */
  executeSql: ExecuteSql;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from this process or another
   * (ADR 024); with none when notifications may have been missed (a dropped connection is back).
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<Listening>;
}

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type DatabaseTarget = (
  | {
      driver: 'pglite';
      dataDir: string | 'memory';
      /** A dump (PGlite's dumpDataDir) to start from instead of an empty cluster: tests start
       * each app from one migrated image rather than running initdb and every migration again. */
      image?: Blob;
    }
  | { driver: 'postgres'; url: string }
) & {
  /** Where the migrations are: the package's drizzle/ folder unless a test gives its own. */
  migrationsFolder?: string;
};

// Drivers are imported lazily so a PostgreSQL deployment never loads PGlite's WASM and vice versa.
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.driver === 'postgres') {
    const [{ Pool }, { drizzle }, { migrate }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new Pool({ connectionString: target.url, max: 10 });
    // An idle connection the server drops (restart, failover) is an 'error' event on the pool; the
    // pool discards that client and opens a new one on demand. Unhandled, it would end the process.
    pool.on('error', (err) =>
      console.warn(`PostgreSQL dropped an idle connection: ${err.message}`),
    );
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: target.migrationsFolder ?? migrationsDir });
    const executeSql: ExecuteSql = (text, values) => pool.query(text, values);
    await installJobQueue(executeSql);
    const listen = (channel: string, onNotify: (payload?: string) => void) =>
      listenOnPostgres(target.url, channel, onNotify);
    return wrap(db as unknown as Db, 'postgres', executeSql, listen, () => pool.end());
  }

  const [{ PGlite }, { btree_gist }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  if (target.dataDir !== 'memory') mkdirSync(target.dataDir, { recursive: true });
  // PGlite loads an extension's code only when the constructor is given it, on every start (a data
  // directory or image that has run CREATE EXTENSION needs it too). btree_gist: the exclusion
  // constraints on bookings and holds (migration 0003, ADR 013).
  const options = {
    extensions: { btree_gist },
    ...(target.image && { loadDataDir: target.image }),
  };
  const pglite =
    target.dataDir === 'memory' ? new PGlite(options) : new PGlite(target.dataDir, options);
  const client = yieldingBetweenStatements(pglite);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: target.migrationsFolder ?? migrationsDir });
  // pg-boss sends its schema set-up as several statements without parameters: PGlite runs those
  // with exec (simple protocol), as node-postgres does for a parameterless query.
  const executeSql: ExecuteSql = async (text, values) => {
    if (values?.length) return client.query(text, values);
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
  await installJobQueue(executeSql);
  // one session: a NOTIFY committed by any statement reaches the callback as that query returns
  const listen = async (
    channel: string,
    onNotify: (payload?: string) => void,
  ): Promise<Listening> => {
    const unlisten = await client.listen(channel, onNotify);
    // a database closed first (a test, a failed start) has dropped its listeners with it
    return { unlisten: async () => (client.closed ? undefined : unlisten()) };
  };
  const database = wrap(
    db as unknown as Db,
    'pglite',
    executeSql,
    listen,
    () => client.close(),
    () => client.dumpDataDir('none'),
  );
  if (target.dataDir === 'memory') return database;
  const dataDir = target.dataDir;
  return {
    ...database,
    async copyDataDir(into) {
      // written back first, so the copy needs little or no WAL replay when it is started
      await client.exec('checkpoint');
      // PGlite's own order (transaction, then query): no transaction is half done in the copy
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => copyPgliteFiles(dataDir, into)),
      );
    },
  };
}

function wrap(
  db: Db,
  driver: Database['driver'],
  executeSql: ExecuteSql,
  listen: Database['listen'],
  close: () => Promise<void>,
  dump?: () => Promise<Blob>,
): Database {
  return {
    db,
    driver,
    executeSql,
    listen,
    ...(dump && { dump }),
    async ping() {
      const started = performance.now();
      await db.execute(sql`select 1`);
      return Math.round((performance.now() - started) * 100) / 100;
    },
    close,
  };
}
