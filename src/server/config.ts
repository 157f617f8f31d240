import { resolve } from 'node:path';
import { z } from 'zod';

// The only module that reads process.env: everything else receives a Config.
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

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
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  RATE_LIMIT_PUBLIC_MAX: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  GOOGLE_MAPS_API_KEY: optionalString,
  GOOGLE_MAPS_BASE_URL: z.url().default('https://maps.googleapis.com'),
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
  trustProxy: boolean;
  rateLimit: { publicMax: number; windowSeconds: number };
  maps: { googleApiKey: string | undefined; googleBaseUrl: string };
}

export class ConfigError extends Error {}

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
    rateLimit: { publicMax: e.RATE_LIMIT_PUBLIC_MAX, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    maps: { googleApiKey: e.GOOGLE_MAPS_API_KEY, googleBaseUrl: e.GOOGLE_MAPS_BASE_URL },
  };
}
