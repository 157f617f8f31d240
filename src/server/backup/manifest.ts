import { z } from 'zod';

// manifest.json, the last entry of every archive: what it holds and the checksum of every entry.

const entrySchema = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof entrySchema>;

export const manifestSchema = z.object({
  format: z.literal('tintbook-backup'),
  formatVersion: z.literal(1),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    /**
     * pglite-data-dir: PostgreSQL's files of the PGlite data directory; pg-dump-custom: pg_dump
     * -Fc; app-rows-jsonl: the app's own export of its tables' rows (no pg_dump of the server's
     * version was installed).
     */
    dump: z.enum(['pglite-data-dir', 'pg-dump-custom', 'app-rows-jsonl']),
    serverVersion: z.string(),
    migrations: z.object({ count: z.number().int(), last: z.string().nullable() }),
    tables: z.record(z.string(), z.number().int()),
    /** pglite: the folders of the data directory, relative; PostgreSQL needs its empty ones. */
    directories: z.array(z.string()).optional(),
    /** sha256 of the database part: of the lines "<sha256>  <path>" of its entries, in order. */
    sha256: z.string(),
  }),
  uploads: z.object({
    storage: z.enum(['local', 's3']),
    /** In S3 the files stay in the bucket: their keys are listed, not copied. */
    s3Keys: z.array(z.string()).optional(),
  }),
  entries: z.array(entrySchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const manifestPath = 'manifest.json';

/** The names an archive may hold: the database's files or dump, and uploads by their keys. */
export function isArchivePath(path: string): boolean {
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  return (
    /^database\/pgdata\/[A-Za-z0-9_.\-/]+$/.test(path) ||
    path === 'database/postgres.dump' ||
    path === 'database/rows.jsonl' ||
    /^uploads\/(?:[a-z]+\/)?[A-Za-z0-9][A-Za-z0-9._-]*$/.test(path)
  );
}

export const databaseDigestLine = (entry: ManifestEntry) => `${entry.sha256}  ${entry.path}\n`;
