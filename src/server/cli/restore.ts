import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreRefused, restoreBackup } from '#server/backup/restore-backup.ts';
import { ArchiveError } from '#server/backup/tar-stream.ts';
import { ConfigError, loadConfig, loadEnvFile } from '#server/config.ts';
import { DumpToolError } from '#server/db/postgres-dump.ts';
import { CliError } from './read-password';

const usage = `Restores a TintBook backup made with npm run backup.

  npm run restore -- <file> [--force]

Into DATA_DIR (embedded database), which must be empty, or the database of DATABASE_URL, which
must have no tables; --force replaces what is there. The app must be stopped. The whole archive
is checked first (manifest, every checksum, and the key when it is encrypted: set
BACKUP_ENCRYPTION_KEY); a damaged one is refused and nothing is written. Then the migrations of
this version run forward, and the app starts on the restored data.`;

async function main() {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) return console.log(usage);
  if (positionals.length !== 1) throw new CliError(usage);
  loadEnvFile();
  const config = loadConfig();
  const file = resolve(positionals[0] as string);
  const { manifest, after, erasedAgain } = await restoreBackup(config, file, {
    force: values.force,
  });
  const rows = Object.values(after.tables).reduce((sum, count) => sum + count, 0);
  console.log(
    [
      `Restored the backup of ${manifest.createdAt} (TintBook ${manifest.app.version}, migration ${manifest.database.migrations.last})`,
      `  into ${config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir}: ${rows} rows, now at migration ${after.migrations.last}`,
      ...(erasedAgain > 0
        ? [`  ${erasedAgain} people erased after this backup was taken were erased again`]
        : []),
      'Start the app on it.',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  const badArguments = (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ?? false;
  if (err instanceof ArchiveError) {
    console.error(`Refused: ${err.message}. Nothing was written.`);
  } else {
    const expected = [CliError, ConfigError, RestoreRefused, DumpToolError].some(
      (type) => err instanceof type,
    );
    console.error(badArguments || expected ? (err as Error).message : err);
  }
  process.exit(1);
});
