import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Env } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbDriver: 'pglite' | 'postgres';
    postgresUrl?: string;
    /** tests/setup/database-templates.ts: the migrated PGlite data directory, dumped */
    pgliteImagePath?: string;
    /** tests/setup/database-templates.ts: the migrated database each test database copies */
    postgresTemplate?: string;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The SETTINGS_ENCRYPTION_KEY of test apps: made per test process, never in the repo. */
export const testSettingsKey = randomBytes(32).toString('base64');

/**
 * A real app on a real, migrated database of its own: PGlite in memory, or a throwaway database on
 * the PostgreSQL server (created here, dropped on close), depending on the Vitest project.
 */
export async function createTestApp(
  env: Env = {},
  deps: { now?: () => Date; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  // pass SETTINGS_ENCRYPTION_KEY: '' for an app without a key
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SETTINGS_ENCRYPTION_KEY: testSettingsKey,
    ...env,
  });
  const { database, dispose } = await openTestDatabase();
  const app = await buildApp({ config, database, ...deps });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      // a test may have closed the database on purpose; the throwaway one is dropped regardless
      await database.close().catch(() => {});
      await dispose();
    },
  };
}

let pgliteImage: Promise<Blob> | undefined;

async function openTestDatabase(): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (inject('dbDriver') === 'pglite') {
    const imagePath = inject('pgliteImagePath');
    if (imagePath) pgliteImage ??= readFile(imagePath).then((bytes) => new Blob([bytes]));
    return {
      database: await openDatabase({
        driver: 'pglite',
        dataDir: 'memory',
        ...(pgliteImage && { image: await pgliteImage }),
      }),
      dispose: async () => {},
    };
  }
  const adminUrl = inject('postgresUrl');
  if (!adminUrl) throw new Error('postgresUrl is not provided to the api-postgres project');
  const name = `tintbook_test_${randomUUID().replaceAll('-', '')}`;
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString() });
  return {
    database,
    dispose: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
