import { join, resolve } from 'node:path';
import { z } from 'zod';
import { isOutboundUrl } from '#shared/admin/outbound-url.ts';
import { backupConfig, backupEnvShape, type BackupConfig } from './backup-config';
import { encryptionKeyMessage, parseEncryptionKey } from './lib/secret-box';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';
import type { QueueTuning } from './messages/message-queue';

// The only module that reads process.env: everything else receives a Config.
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const outboundUrlMessage =
  'must be an https:// address, or http:// to localhost, 127.0.0.1 or [::1]';
// provider endpoints: tests point them at local servers
const endpoint = (url: string) =>
  z.string().trim().default(url).refine(isOutboundUrl, outboundUrlMessage);

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((text, ctx) => {
      const parsed = parseTrustProxy(text);
      if ('value' in parsed) return parsed.value;
      ctx.issues.push({ code: 'custom', message: parsed.error, input: text });
      return z.NEVER;
    }),
  RATE_LIMIT_PUBLIC_MAX: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_ANALYTICS_MAX: z.coerce.number().int().positive().default(600),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('tintbook:'),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  // not trimmed: spaces may be part of a password
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  // the key that encrypts secret settings at rest; the old one is read by the rotate command only
  SETTINGS_ENCRYPTION_KEY: optionalString.transform(encryptionKey),
  SETTINGS_OLD_KEY: optionalString.transform(encryptionKey),
  GOOGLE_MAPS_API_KEY: optionalString,
  GOOGLE_MAPS_BASE_URL: endpoint('https://maps.googleapis.com'),
  GOOGLE_ROUTES_BASE_URL: endpoint('https://routes.googleapis.com'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  // outbound messages: does this process run the job worker, and how the queue retries
  MESSAGE_WORKER: z.enum(['true', 'false']).default('true'),
  MESSAGE_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(8),
  MESSAGE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MESSAGE_JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // outbound messages: provider endpoints
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  TWILIO_API_BASE_URL: endpoint('https://api.twilio.com'),
  GA4_MP_ENDPOINT: endpoint('https://www.google-analytics.com/mp/collect'),
  ...backupEnvShape,
  // test only: the e2e suite runs servers at fixed instants (a Monday, the DST Sundays, …)
  CLOCK_START: optionalString.pipe(
    z.iso.datetime({ offset: true, error: 'must be an ISO instant with an offset' }).optional(),
  ),
});

/** Environment variable names the app reads. */
export type Env = Partial<Record<keyof z.input<typeof configSchema>, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  dataDir: string;
  /** PostgreSQL connection string; the embedded PGlite database in dataDir is used when absent. */
  databaseUrl: string | undefined;
  /** Whose X-Forwarded-For gives the client address (rate limits): see lib/trust-proxy.ts. */
  trustProxy: TrustProxy;
  /** publicMax: form submissions; analyticsMax: session polls, activity and analytics events. */
  rateLimit: { publicMax: number; analyticsMax: number; windowSeconds: number };
  /** Redis for state every app process shares (rate-limit counters, ADR 024); unset: in memory. */
  redis: { url: string | undefined; keyPrefix: string };
  maps: { googleApiKey: string | undefined; googleBaseUrl: string; routesBaseUrl: string };
  /** Where browsers reach the app, e.g. https://book.example.com.au; also an accepted Origin. */
  publicUrl: string | undefined;
  staffAuth: StaffAuthConfig;
  storage: StorageConfig;
  messaging: MessagingConfig;
  /** AES-256-GCM keys of the secret settings (SMTP password, Twilio token, …). */
  settingsEncryption: { key: Buffer | undefined; oldKey: Buffer | undefined };
  /** Outbound messages: `worker` false when another process runs `npm run worker`. */
  queue: { worker: boolean } & QueueTuning;
  /** ADR 056 */
  backup: BackupConfig;
  /**
   * Test only (NODE_ENV=test): the instant the server's clock shows when the process starts; it
   * runs on in real time from there. Unset: the system clock.
   */
  clockStart: Date | undefined;
}

export interface MessagingConfig {
  /** SMTP_URL: overrides the mail-server settings (it may hold the password: never log it). */
  smtpUrl: string | undefined;
  /** Twilio's REST API root, https://api.twilio.com unless a test points it elsewhere. */
  twilioApiBaseUrl: string;
  /** GA4 Measurement Protocol collect URL, Google's unless a test points it elsewhere. */
  ga4Endpoint: string;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** S3-compatible services (MinIO, R2, …); unset means AWS. */
  endpoint: string | undefined;
  /** Both or neither; neither means the SDK's default chain (instance role, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  /** Uploaded files on local disk (when s3 is unset): <DATA_DIR>/uploads. */
  uploadsDir: string;
  /** Uploads in flight are spooled here while checked, also when stored in S3. */
  tmpDir: string;
  s3: S3Config | undefined;
}

/**
 * NODE_ENV of this process, for what is fixed once per process before any Config exists (the
 * password hashing cost). Vitest runs with 'test', and so do the e2e servers. Read when first
 * asked, so a NODE_ENV from `.env` counts too.
 */
export const processNodeEnv = () => process.env.NODE_ENV;

/** A child process's environment (pg_dump): this one's, plus `extra`. */
export const childProcessEnv = (extra: Record<string, string>) => ({ ...process.env, ...extra });

// entry points call it before loadConfig (env-file.ts)
export { loadEnvFile } from './env-file';

export class ConfigError extends Error {}

// never echoes the value: it is a key
function encryptionKey(text: string | undefined, ctx: z.RefinementCtx): Buffer | undefined {
  if (text === undefined) return undefined;
  const key = parseEncryptionKey(text);
  if (!key) ctx.issues.push({ code: 'custom', message: encryptionKeyMessage, input: '[redacted]' });
  return key;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: {
      publicMax: e.RATE_LIMIT_PUBLIC_MAX,
      analyticsMax: e.RATE_LIMIT_ANALYTICS_MAX,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX },
    maps: {
      googleApiKey: e.GOOGLE_MAPS_API_KEY,
      googleBaseUrl: e.GOOGLE_MAPS_BASE_URL,
      routesBaseUrl: e.GOOGLE_ROUTES_BASE_URL,
    },
    publicUrl: e.PUBLIC_URL,
    staffAuth: staffAuthConfig(e),
    storage: storageConfig(e),
    messaging: {
      smtpUrl: e.SMTP_URL,
      twilioApiBaseUrl: e.TWILIO_API_BASE_URL,
      ga4Endpoint: e.GA4_MP_ENDPOINT,
    },
    settingsEncryption: { key: e.SETTINGS_ENCRYPTION_KEY, oldKey: e.SETTINGS_OLD_KEY },
    clockStart: clockStart(e),
    backup: backupConfig(e),
    queue: {
      worker: e.MESSAGE_WORKER === 'true',
      retryLimit: e.MESSAGE_RETRY_LIMIT,
      retryDelaySeconds: e.MESSAGE_RETRY_DELAY_SECONDS,
      jobTimeoutSeconds: e.MESSAGE_JOB_TIMEOUT_SECONDS,
      pollingSeconds: e.QUEUE_POLL_SECONDS,
      maintenanceSeconds: e.QUEUE_MAINTENANCE_SECONDS,
    },
  };
}

function clockStart(e: z.output<typeof configSchema>): Date | undefined {
  if (!e.CLOCK_START) return undefined;
  // a server that believes it is another day would take real bookings at the wrong times
  if (e.NODE_ENV !== 'test') {
    throw new ConfigError(
      `Invalid configuration:\n  CLOCK_START is for tests only and needs NODE_ENV=test (NODE_ENV is ${e.NODE_ENV}); unset it to run on the system clock`,
    );
  }
  return new Date(e.CLOCK_START);
}

function storageConfig(e: z.output<typeof configSchema>): StorageConfig {
  const dataDir = resolve(e.DATA_DIR);
  const storage = { uploadsDir: join(dataDir, 'uploads'), tmpDir: join(dataDir, 'tmp', 'uploads') };
  if (!e.S3_BUCKET) return { ...storage, s3: undefined };
  const [accessKeyId, secretAccessKey] = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined;
  return {
    ...storage,
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

export interface StaffAuthConfig {
  /** Secure + __Host- session cookie: on when PUBLIC_URL is https://, or COOKIE_SECURE=true. */
  cookieSecure: boolean;
  /** The first admin, created at start when no account has this e-mail. */
  bootstrapAdmin: { email: string; password: string } | undefined;
}

function staffAuthConfig(e: z.output<typeof configSchema>): StaffAuthConfig {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = e;
  if (Boolean(email) !== Boolean(password)) {
    // never echo the password: name the variables only
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  }
  const cookieSecure =
    e.COOKIE_SECURE === undefined
      ? (e.PUBLIC_URL?.startsWith('https://') ?? false)
      : e.COOKIE_SECURE === 'true';
  return {
    cookieSecure,
    bootstrapAdmin: email && password ? { email: email.toLowerCase(), password } : undefined,
  };
}
