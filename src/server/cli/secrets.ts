import { ConfigError, loadConfig, loadEnvFile } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { rotateStoredSecrets } from '#server/features/setting-secrets/stored-secrets.service.ts';
import { databaseTarget } from '#server/lib/database-target.ts';
import { newEncryptionKey } from '#server/lib/secret-box.ts';
import { CliError } from './read-password';

const usage = `Secret settings of TintBook (SMTP password, Twilio token, webhook secret, job-tracker key),
stored encrypted with SETTINGS_ENCRYPTION_KEY.

  npm run secrets -- new-key     prints a new random key (32 bytes, base64)
  npm run secrets -- rotate      re-encrypts every stored secret under SETTINGS_ENCRYPTION_KEY:
                                 those under SETTINGS_OLD_KEY, and any an older version stored in
                                 clear. All or none.

  SETTINGS_OLD_KEY=<key in use> SETTINGS_ENCRYPTION_KEY=<new key> npm run secrets -- rotate

Then run the app with the new key. Uses DATABASE_URL or the PGlite database in DATA_DIR: stop the
server first when it runs on PGlite (one process per data directory).`;

async function rotate(): Promise<string> {
  loadEnvFile();
  const config = loadConfig();
  const { key: to, oldKey: from } = config.settingsEncryption;
  if (!to) throw new CliError('Set SETTINGS_ENCRYPTION_KEY to the new key.\n\n' + usage);
  const database = await openDatabase(databaseTarget(config));
  try {
    const result = await rotateStoredSecrets(database.db, { from, to });
    const list = (keys: string[]) => (keys.length > 0 ? ` (${keys.join(', ')})` : '');
    return [
      `Secrets under key id ${result.keyId} now:`,
      `  re-encrypted from the old key: ${result.reencrypted.length}${list(result.reencrypted)}`,
      `  encrypted, were in clear:      ${result.encrypted.length}${list(result.encrypted)}`,
      `  already under this key:        ${result.unchanged.length}${list(result.unchanged)}`,
      'Start the app with this SETTINGS_ENCRYPTION_KEY.',
    ].join('\n');
  } finally {
    await database.close();
  }
}

async function main() {
  const command = process.argv[2];
  switch (command) {
    case 'new-key':
      return console.log(newEncryptionKey());
    case 'rotate':
      return console.log(await rotate());
    case 'help':
    case '--help':
    case '-h':
      return console.log(usage);
    default:
      throw new CliError(usage);
  }
}

main().catch((err: unknown) => {
  const expected = err instanceof CliError || err instanceof ConfigError;
  console.error(expected ? (err as Error).message : err);
  process.exit(1);
});
