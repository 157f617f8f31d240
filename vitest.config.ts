import { availableParallelism } from 'node:os';
import { Socket } from 'node:net';
import { configDefaults, defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/setup/slow-first-sequencer';

// API tests run twice: on PGlite in memory and on the PostgreSQL server of this machine.
const postgresHost = process.env.TEST_POSTGRES_HOST ?? '127.0.0.1';
const postgresPort = Number(process.env.TEST_POSTGRES_PORT ?? 5432);

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.connect(port, host);
  });
}

const hasPostgres = await reachable(postgresHost, postgresPort);
if (!hasPostgres && process.env.CI) {
  // CI must prove the exclusivity guarantees on real PostgreSQL, never skip them quietly
  throw new Error(
    `CI=true but no PostgreSQL server answers at ${postgresHost}:${postgresPort} (.ci/run starts the machine's own).`,
  );
}
if (!hasPostgres) {
  console.warn(
    `\n⚠️  No PostgreSQL server answers at ${postgresHost}:${postgresPort}: the API tests run on PGlite only.\n`,
  );
}

// Server code tested without a database or an app (adapters against local protocol servers,
// templates) runs once, in the unit project, instead of once per database.
const serverUnitTests = 'src/server/**/*.unit.test.ts';

const apiProject = (name: string, provide: Record<string, string>) => ({
  test: {
    name,
    include: ['src/server/**/*.test.ts', 'tests/server/**/*.test.ts'],
    exclude: [...configDefaults.exclude, serverUnitTests],
    provide,
    globalSetup: ['tests/setup/database-templates.ts'],
    // Each file builds its own app on its own database, and no API test mocks a module: one
    // module graph per worker instead of one per file (importing Fastify, PGlite and the AWS
    // SDK again for every file cost about a minute of each run).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // one worker more than the cores: a file that waits (out a retry, on a child process or the
    // PostgreSQL server) leaves its core to the others, which kept one core about a fifth idle
    // with one worker per core (ADR 039)
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/web/**/*.test.{ts,tsx}',
            'tests/lint/**/*.test.ts',
            serverUnitTests,
          ],
        },
      },
      apiProject('api-pglite', { dbDriver: 'pglite' }),
      ...(hasPostgres
        ? [
            apiProject('api-postgres', {
              dbDriver: 'postgres',
              postgresUrl: `postgres://postgres@${postgresHost}:${postgresPort}/postgres`,
            }),
          ]
        : []),
    ],
  },
});
