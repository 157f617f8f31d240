import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { childProcessEnv } from '#server/config.ts';
import { databaseFacts, type DatabaseFacts } from './backup-facts';
import { exportRows } from './postgres-export';

// PostgreSQL backups with the server's own tools: pg_dump reads the snapshot the manifest's
// figures were read in (pg_export_snapshot), so the two describe one instant; pg_restore loads it.
// Without a pg_dump of the server's version the app exports its rows itself (postgres-export.ts).

export class DumpToolError extends Error {}

/** The URL without its password, which goes to the tools in PGPASSWORD: never on a command line. */
function connection(url: string) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    url: parsed.toString(),
    env: childProcessEnv(password ? { PGPASSWORD: password } : {}),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT'
        ? reject(new DumpToolError(`${command} is not installed (or not on PATH)`))
        : reject(err),
    );
    child.once('close', (code) => resolve({ code: code ?? 1, output: output.trim() }));
  });
}

/** The tool in BACKUP_PG_BIN_DIR when it is set, else the one on PATH. */
const tool = (name: string, binDir: string | undefined) => (binDir ? join(binDir, name) : name);

const majorOf = (text: string) => Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1] ?? NaN);

/** Throws unless `tool` is installed at the server's major version (older ones refuse newer servers). */
async function checkTool(tool: string, serverVersion: string, env: NodeJS.ProcessEnv) {
  const { output } = await run(tool, ['--version'], env);
  if (majorOf(output.replace(/^\D+/, '')) !== majorOf(serverVersion)) {
    throw new DumpToolError(
      `${tool} is version "${output}" but the server runs PostgreSQL ${serverVersion}: install the client of the server's version`,
    );
  }
}

/** How a PostgreSQL backup holds its database: pg_dump's custom format, or the app's own rows. */
export type PostgresDumpKind = 'pg-dump-custom' | 'app-rows-jsonl';

export interface PostgresDump {
  facts: DatabaseFacts;
  kind: PostgresDumpKind;
  file: string;
  /** Why pg_dump was not used, when it was not. */
  fallback?: string;
}

/**
 * Dumps the database at `url` into `dir` and describes it: with pg_dump on an exported snapshot
 * when the server's version of it is installed, else with the app's own export of its tables'
 * rows in the same repeatable-read transaction (postgres-export.ts).
 */
export async function dumpPostgres(
  url: string,
  dir: string,
  binDir?: string,
): Promise<PostgresDump> {
  const { url: bare, env } = connection(url);
  const pgDump = tool('pg_dump', binDir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query('select pg_export_snapshot() as snapshot');
    const snapshot = (rows[0] as { snapshot: string }).snapshot;
    const facts = await databaseFacts((text, values) => client.query(text, values));
    const unusable = await checkTool(pgDump, facts.serverVersion, env).then(
      () => undefined,
      (err: unknown) => {
        if (err instanceof DumpToolError) return err.message;
        throw err;
      },
    );
    if (unusable) {
      const file = join(dir, 'rows.jsonl');
      await exportRows((text, values) => client.query(text, values), file);
      await client.query('commit');
      return { facts, kind: 'app-rows-jsonl', file, fallback: unusable };
    }
    const file = join(dir, 'postgres.dump');
    const args = [
      '--format=custom',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${bare}`,
    ];
    const dumped = await run(pgDump, args, env);
    if (dumped.code !== 0) throw new DumpToolError(`pg_dump failed: ${dumped.output}`);
    await client.query('commit');
    return { facts, kind: 'pg-dump-custom', file };
  } finally {
    await client.end();
  }
}

export async function restorePostgres(url: string, file: string, binDir?: string): Promise<void> {
  const { url: bare, env } = connection(url);
  const pgRestore = tool('pg_restore', binDir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('show server_version');
  const version = (rows[0] as { server_version: string }).server_version;
  await client.end();
  await checkTool(pgRestore, version, env);
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
  const restored = await run(pgRestore, [...args, `--dbname=${bare}`, file], env);
  if (restored.code !== 0) throw new DumpToolError(`pg_restore failed: ${restored.output}`);
}

const appSchemas = ['public', 'drizzle', 'pgboss'];

/** The tables of the database at `url` outside PostgreSQL's own schemas. */
export async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return (rows[0] as { count: number }).count;
  } finally {
    await client.end();
  }
}

/** restore --force: the app's schemas dropped, an empty public schema left, as a new database has. */
export async function clearPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const schema of appSchemas) await client.query(`drop schema if exists ${schema} cascade`);
    await client.query('create schema public');
    await client.query('commit');
  } finally {
    await client.end();
  }
}
