import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { migrationsDir } from '#server/lib/package-root.ts';
import { openDatabase } from './client';

// Issue 31: a PostgreSQL backup without pg_dump (not installed, or not of the server's version).
// The rows of the app's tables are read in the backup's repeatable-read transaction, one JSON
// line each ({"t": table, "r": row}); a restore rebuilds the schema with this version's
// migrations up to the backup's level, loads the rows, and the migrations then run forward as
// for any restore. The job queue's rows (pg-boss) are not exported: pg_dump's backups have them.

const batchRows = 1000;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

async function appTables(query: Query): Promise<string[]> {
  const { rows } = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`,
  );
  return (rows as { name: string }[]).map((row) => row.name);
}

/**
 * Writes every row of the app's tables to `file`, read through `query` (inside the backup's
 * repeatable-read transaction): a cursor per table, so memory holds one batch at a time.
 */
export async function exportRows(query: Query, file: string): Promise<void> {
  const out = createWriteStream(file, { mode: 0o600 });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    for (const table of await appTables(query)) {
      await query(
        `declare export_rows no scroll cursor for
           select row_to_json(t)::text as line from public.${quoted(table)} t`,
      );
      const prefix = `{"t":${JSON.stringify(table)},"r":`;
      for (;;) {
        const { rows } = await query(`fetch ${batchRows} from export_rows`);
        if (rows.length === 0) break;
        await write((rows as { line: string }[]).map((row) => `${prefix}${row.line}}\n`).join(''));
      }
      await query('close export_rows');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
}

/** This version's migrations up to the backup's level: its schema, for its rows. */
async function migrationsUpTo(count: number, last: string | null): Promise<string> {
  const journalPath = join(migrationsDir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  if (count > journal.entries.length || (last && journal.entries[count - 1]?.tag !== last)) {
    throw new Error(
      `the backup was made by a newer version of TintBook (migration ${last ?? count}): restore it with that version or a later one`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'tintbook-migrations-'));
  await cp(migrationsDir, folder, { recursive: true });
  journal.entries = journal.entries.slice(0, count);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

interface Column {
  name: string;
}

/** The columns a row is loaded into: not generated ones, which PostgreSQL computes again. */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<Column>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [`public.${quoted(table)}`],
  );
  return rows.map((row) => row.name);
}

/**
 * Loads the rows exported to `file` into the empty database at `url`, at the backup's migration
 * level, in one transaction. Foreign keys are dropped for the load and added back (checked then),
 * and the tables' own triggers (the dashboard's tallies, the search text) are off during it: the
 * rows carry what they had computed.
 */
export async function importRows(
  url: string,
  file: string,
  migrations: { count: number; last: string | null },
): Promise<void> {
  const folder = await migrationsUpTo(migrations.count, migrations.last);
  try {
    const database = await openDatabase({ driver: 'postgres', url, migrationsFolder: folder });
    await database.close();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    const tables = await appTables((text, values) => client.query(text, values));
    const { rows: keys } = await client.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const key of keys) {
      await client.query(`alter table ${key.tbl} drop constraint ${quoted(key.name)}`);
    }
    for (const table of tables) {
      await client.query(`alter table public.${quoted(table)} disable trigger user`);
    }
    // the migrations seed defaults (settings, options): the backup's rows replace them
    await client.query(`truncate ${tables.map((table) => `public.${quoted(table)}`).join(', ')}`);
    const columns = new Map<string, string>();
    const insert = async (table: string, rows: unknown[]) => {
      if (!tables.includes(table)) throw new Error(`the export names an unknown table ${table}`);
      if (!columns.has(table)) {
        columns.set(table, (await columnsOf(client, table)).map(quoted).join(', '));
      }
      const list = columns.get(table);
      await client.query(
        `insert into public.${quoted(table)} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::public.${quoted(table)}, $1::json)`,
        [JSON.stringify(rows)],
      );
    };
    let batch: { table: string; rows: unknown[] } | undefined;
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) {
      if (!line) continue;
      const { t, r } = JSON.parse(line) as { t: string; r: unknown };
      if (batch && (batch.table !== t || batch.rows.length >= batchRows)) {
        await insert(batch.table, batch.rows);
        batch = undefined;
      }
      batch ??= { table: t, rows: [] };
      batch.rows.push(r);
    }
    if (batch) await insert(batch.table, batch.rows);
    for (const table of tables) {
      await client.query(`alter table public.${quoted(table)} enable trigger user`);
    }
    for (const key of keys) {
      await client.query(`alter table ${key.tbl} add constraint ${quoted(key.name)} ${key.def}`);
    }
    await resetSequences(client);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** Each sequence of a column continues after the highest value loaded. */
async function resetSequences(client: pg.Client) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_class t on t.oid = d.refobjid and t.relnamespace = 'public'::regnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass`,
  );
  for (const { seq, tbl, col } of rows) {
    await client.query(
      `select setval($1::regclass, coalesce((select max(${quoted(col)}) from ${tbl}), 0) + 1, false)`,
      [seq],
    );
  }
}
