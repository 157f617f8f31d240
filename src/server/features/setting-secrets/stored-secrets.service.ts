import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { replaceStoredValues } from '#server/db/setting-writes.ts';
import { findStoredSecrets } from '#server/db/settings-store.ts';
import { isSealed, keyIdOf, open, seal } from '#server/lib/secret-box.ts';

// Secret settings at rest (docs/decisions/012-secrets-at-rest.md): checked at every start, and
// re-encrypted under a new key by `npm run secrets -- rotate`.

const rotateHint =
  'SETTINGS_OLD_KEY=<the key they were saved with> SETTINGS_ENCRYPTION_KEY=<the key to use> ' +
  'npm run secrets -- rotate';

/**
 * At start: refuses to run when secrets are stored and no key (or another key) is set, and
 * encrypts secrets an older version stored in clear. Nothing to do on a database without secrets.
 */
export async function prepareStoredSecrets(
  db: Db,
  key: Buffer | undefined,
  log: FastifyBaseLogger,
): Promise<void> {
  const stored = await findStoredSecrets(db);
  if (stored.length === 0) return;
  const names = stored.map((row) => row.key).join(', ');
  if (!key) {
    throw new ConfigError(
      `Invalid configuration:\n  SETTINGS_ENCRYPTION_KEY is not set, but secret settings are stored (${names}). ` +
        'Set the key they were saved with; for secrets an older version stored in clear, a new key ' +
        '(npm run secrets -- new-key) encrypts them at start.',
    );
  }
  const keyId = keyIdOf(key);
  const foreign = stored.filter((row) => isSealed(row.value) && row.value.kid !== keyId);
  if (foreign.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  SETTINGS_ENCRYPTION_KEY (key id ${keyId}) is not the key ` +
        `${foreign.map((row) => `${row.key} (key id ${isSealed(row.value) ? row.value.kid : '?'})`).join(', ')} ` +
        `was saved with. Set that key, or re-encrypt them under this one: ${rotateHint}`,
    );
  }
  for (const row of stored) {
    if (!isSealed(row.value)) continue;
    try {
      open(key, row.value, row.key);
    } catch {
      // one damaged secret breaks one integration, not the booking site: say so and run on
      log.error({ setting: row.key }, 'a secret setting cannot be decrypted: save it again');
    }
  }
  const clear = stored.filter((row) => !isSealed(row.value));
  if (clear.length === 0) return;
  await replaceStoredValues(
    db,
    clear.map((row) => ({ key: row.key, value: seal(key, row.value, row.key), isSecret: true })),
  );
  log.warn(
    { settings: clear.map((row) => row.key) },
    `encrypted ${clear.length} secret setting(s) an older version stored in clear`,
  );
}

export interface RotationResult {
  keyId: string;
  /** Were under the old key, now under the new one. */
  reencrypted: string[];
  /** Were stored in clear, now under the new key. */
  encrypted: string[];
  /** Under the new key already (a rotation run twice). */
  unchanged: string[];
}

/**
 * Re-encrypts every stored secret under `to`: those under `from`, and any still in clear. All or
 * none: a secret under a third key stops it before anything is written.
 */
export async function rotateStoredSecrets(
  db: Db,
  keys: { from: Buffer | undefined; to: Buffer },
): Promise<RotationResult> {
  const { from, to } = keys;
  const result: RotationResult = {
    keyId: keyIdOf(to),
    reencrypted: [],
    encrypted: [],
    unchanged: [],
  };
  const writes: { key: string; value: unknown; isSecret: true }[] = [];
  for (const row of await findStoredSecrets(db)) {
    const stored = row.value;
    if (!isSealed(stored)) {
      writes.push({ key: row.key, value: seal(to, stored, row.key), isSecret: true });
      result.encrypted.push(row.key);
    } else if (stored.kid === result.keyId) {
      open(to, stored, row.key); // throws if damaged: better now than when it is needed
      result.unchanged.push(row.key);
    } else if (from && stored.kid === keyIdOf(from)) {
      const value = open(from, stored, row.key);
      writes.push({ key: row.key, value: seal(to, value, row.key), isSecret: true });
      result.reencrypted.push(row.key);
    } else {
      throw new ConfigError(
        `${row.key} is encrypted with key id ${stored.kid}, which is neither SETTINGS_OLD_KEY ` +
          `(${from ? keyIdOf(from) : 'not set'}) nor SETTINGS_ENCRYPTION_KEY (${result.keyId}). ` +
          'Nothing was changed.',
      );
    }
  }
  await replaceStoredValues(db, writes);
  return result;
}
