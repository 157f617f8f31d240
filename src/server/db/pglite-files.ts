import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

// PGlite keeps PostgreSQL's own data directory in DATA_DIR, beside the app's uploads/ and tmp/:
// these are the entries that are the database (PostgreSQL's layout), and only they are copied.
const databaseEntry = /^(PG_VERSION|base|global|pg_[a-z_]+(\.conf)?|postgresql(\.auto)?\.conf)$/;

export const isDatabaseEntry = (topLevelName: string) => databaseEntry.test(topLevelName);

/** Copies the database files of the PGlite data directory `from` into the empty folder `to`. */
export async function copyPgliteFiles(from: string, to: string): Promise<number> {
  const files: string[] = [];
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const top of await readdir(from, { withFileTypes: true })) {
    if (!isDatabaseEntry(top.name)) continue;
    if (top.isFile()) files.push(top.name);
    if (!top.isDirectory()) continue;
    await mkdir(join(to, top.name), { mode: 0o700 });
    for (const entry of await readdir(join(from, top.name), {
      recursive: true,
      withFileTypes: true,
    })) {
      const path = relative(from, join(entry.parentPath, entry.name));
      if (entry.isDirectory()) await mkdir(join(to, path), { recursive: true, mode: 0o700 });
      else if (entry.isFile()) files.push(path);
    }
  }
  // several copies in flight: the app's requests wait for this, and most files are small
  const queue = [...files];
  const copier = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      await mkdir(dirname(join(to, path)), { recursive: true, mode: 0o700 });
      await copyFile(join(from, path), join(to, path));
    }
  };
  await Promise.all(Array.from({ length: 8 }, copier));
  return files.length;
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
