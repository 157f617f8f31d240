import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

// PGlite keeps PostgreSQL's own data directory in DATA_DIR, beside the app's uploads/ and tmp/:
// these are the entries that are the database (PostgreSQL's layout), and only they are copied.
const databaseEntry = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;

export const isDatabaseEntry = (topLevelName: string) => databaseEntry.test(topLevelName);

/** Copies the database files of the PGlite data directory `from` into the empty folder `to`. */
export async function copyPgliteFiles(from: string, to: string): Promise<number> {
  let copied = 0;
  const copyDir = async (source: string, target: string) => {
    await mkdir(target, { recursive: true, mode: 0o700 });
    for (const entry of await readdir(source, { withFileTypes: true })) {
      if (entry.isDirectory()) await copyDir(join(source, entry.name), join(target, entry.name));
      else if (entry.isFile()) {
        await copyFile(join(source, entry.name), join(target, entry.name));
        copied += 1;
      }
    }
  };
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!isDatabaseEntry(entry.name)) continue;
    if (entry.isDirectory()) await copyDir(join(from, entry.name), join(to, entry.name));
    else if (entry.isFile()) {
      await copyFile(join(from, entry.name), join(to, entry.name));
      copied += 1;
    }
  }
  return copied;
}

/**
 * A PGlite data directory opened as it is, without migrating it: a backup's copy is read for the
 * manifest's figures and left as the backup took it.
 */
export async function openPgliteCopy(dataDir: string) {
  const [{ PGlite }, { btree_gist }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
  ]);
  const pglite = new PGlite(dataDir, { extensions: { btree_gist } });
  await pglite.waitReady;
  return {
    executeSql: (text: string, values?: unknown[]) => pglite.query(text, values),
    close: () => pglite.close(),
  };
}
