import { z } from 'zod';
import { encryptionKeyMessage, parseEncryptionKey } from './lib/secret-box';

// The backup variables of config.ts (which alone reads process.env), kept here for its size.

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

export const backupEnvShape = {
  /** Where scheduled backups are written (a folder on this machine). */
  BACKUP_DIR: optionalString,
  /** Or a key prefix in the S3 bucket of S3_BUCKET, e.g. backups/. */
  BACKUP_S3_PREFIX: optionalString,
  /** Where pg_dump and pg_restore of the server's version are (default: PATH). */
  BACKUP_PG_BIN_DIR: optionalString,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** Melbourne wall-clock time of the nightly backup, HH:MM. */
  BACKUP_TIME: z
    .string()
    .trim()
    .default('02:30')
    .refine((text) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text), 'must be a time as HH:MM (24-hour)'),
  // never echoed: it is a key
  BACKUP_ENCRYPTION_KEY: optionalString.transform((text, ctx) => {
    if (text === undefined) return undefined;
    const key = parseEncryptionKey(text);
    if (!key)
      ctx.issues.push({ code: 'custom', message: encryptionKeyMessage, input: '[redacted]' });
    return key;
  }),
};

export interface BackupConfig {
  dir: string | undefined;
  s3Prefix: string | undefined;
  /** How many scheduled backups are kept. */
  keep: number;
  /** HH:MM in Australia/Melbourne. */
  time: string;
  /** AES-256-GCM key of the archives; unset: archives are written unencrypted (still 0600). */
  encryptionKey: Buffer | undefined;
  /** The folder of pg_dump/pg_restore; unset: PATH. Without them PostgreSQL's rows are exported by the app. */
  pgBinDir: string | undefined;
}

type BackupEnv = z.output<z.ZodObject<typeof backupEnvShape>>;

export function backupConfig(e: BackupEnv): BackupConfig {
  return {
    dir: e.BACKUP_DIR,
    s3Prefix: e.BACKUP_S3_PREFIX,
    keep: e.BACKUP_KEEP,
    time: e.BACKUP_TIME,
    encryptionKey: e.BACKUP_ENCRYPTION_KEY,
    pgBinDir: e.BACKUP_PG_BIN_DIR,
  };
}
