import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ArchiveError } from '#server/backup/tar-stream.ts';
import { BackupError, takeBackup } from '#server/backup/take-backup.ts';
import { ConfigError, loadConfig, loadEnvFile } from '#server/config.ts';
import { DumpToolError } from '#server/db/postgres-dump.ts';
import { CliError } from './read-password';

const usage = `Backs up TintBook: the database and the uploaded files in one archive with a manifest.

  npm run backup -- --out <file>

Safe while the app serves: on the embedded database the running app copies its database between
two transactions (bookings wait a moment, none is refused); on PostgreSQL (DATABASE_URL) pg_dump
reads one snapshot (or, without a pg_dump of the server's version on PATH or in
BACKUP_PG_BIN_DIR, the app exports its tables' rows in one repeatable-read transaction). The archive is written owner-only (0600) and encrypted when
BACKUP_ENCRYPTION_KEY is set (npm run secrets -- new-key makes a key: keep it apart from the
backups, without it they cannot be restored). Restore with npm run restore -- <file>.`;

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(usage);
  if (!values.out) throw new CliError(usage);
  loadEnvFile();
  const config = loadConfig();
  const out = resolve(values.out);
  const started = Date.now();
  const manifest = await takeBackup(config, out, new Date(), (note) => console.log(note));
  const rows = Object.values(manifest.database.tables).reduce((sum, count) => sum + count, 0);
  const files = manifest.entries.filter((entry) => entry.path.startsWith('uploads/')).length;
  console.log(
    [
      `Backed up to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  database: ${manifest.database.driver}, ${rows} rows in ${Object.keys(manifest.database.tables).length} tables, migration ${manifest.database.migrations.last}`,
      manifest.uploads.storage === 's3'
        ? `  uploads: in S3, ${manifest.uploads.s3Keys?.length ?? 0} keys listed (the bucket keeps the files)`
        : `  uploads: ${files} files`,
      `  encrypted: ${config.backup.encryptionKey ? 'yes' : 'no (set BACKUP_ENCRYPTION_KEY)'}`,
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  const badArguments = (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
  const expected = [CliError, ConfigError, BackupError, ArchiveError, DumpToolError].some(
    (type) => err instanceof type,
  );
  console.error(badArguments || expected ? `Backup failed: ${(err as Error).message}` : err);
  process.exit(1);
});
