import type { Config } from '#server/config.ts';
import type { DatabaseTarget } from '#server/db/client.ts';

/** The database of this deployment: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: config.dataDir };
}
