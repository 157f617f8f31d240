import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from '#server/lib/package-root.ts';
import type { ExecuteSql } from './client';

// What a backup's manifest says of its database, read in the same snapshot as the dump: the
// migration level, the rows of every app table, and the stored names of the uploaded files.

export interface DatabaseFacts {
  serverVersion: string;
  /** Migrations applied (drizzle's journal), and the tag of the last one. */
  migrations: { count: number; last: string | null };
  /** Rows per table of the app's schema, by name. */
  tables: Record<string, number>;
  /** The storage keys of the uploaded files and their thumbnails (uploads.service's layout). */
  uploadKeys: string[];
}

function migrationTag(createdAt: string | null): string | null {
  if (createdAt === null) return null;
  const journal = JSON.parse(
    readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string; when: number }[];
  };
  // a backup of a newer release names a migration this one lacks by its time only
  return (
    journal.entries.find((entry) => entry.when === Number(createdAt))?.tag ?? `at ${createdAt}`
  );
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function databaseFacts(executeSql: ExecuteSql): Promise<DatabaseFacts> {
  const [version] = (await executeSql('show server_version')).rows as { server_version: string }[];
  const migrated = (
    await executeSql(
      `select count(*)::int as count, max(created_at)::text as last
         from drizzle.__drizzle_migrations`,
    )
  ).rows as { count: number; last: string | null }[];
  const tableRows = (
    await executeSql(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
    )
  ).rows as { name: string }[];
  const tables: Record<string, number> = {};
  for (const { name } of tableRows) {
    const [row] = (await executeSql(`select count(*)::int as count from public.${quoted(name)}`))
      .rows as { count: number }[];
    tables[name] = row?.count ?? 0;
  }
  const keys = (
    await executeSql(
      `select stored_name as key from uploaded_files
       union select 'thumbnails/' || thumbnail_name from uploaded_files
        where thumbnail_name is not null
       order by 1`,
    )
  ).rows as { key: string }[];
  return {
    serverVersion: version?.server_version ?? 'unknown',
    migrations: { count: migrated[0]?.count ?? 0, last: migrationTag(migrated[0]?.last ?? null) },
    tables,
    uploadKeys: keys.map((row) => row.key),
  };
}
