import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { serveSnapshots } from './backup/snapshot-socket';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { openDatabase } from './db/client';
import { scheduleTableMaintenance } from './db/table-maintenance';
import { databaseTarget } from './lib/database-target';
import { startMessageWorker } from './messages/start-worker';

/**
 * CLOCK_START (tests only): a clock that shows `start` when this process starts and runs on in
 * real time, so holds still expire. performance.now() counts from the process start, as the
 * uptime of /health does: the e2e suite reads that to set the browser's clock to the same instant.
 */
function clockFrom(start: Date): () => Date {
  return () => new Date(start.getTime() + performance.now());
}

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(databaseTarget(config));
  const now = config.clockStart && clockFrom(config.clockStart);
  const app = await buildApp({ config, database, now });
  if (config.clockStart) {
    app.log.warn(`test clock: it was ${config.clockStart.toISOString()} when this process started`);
  }

  // PGlite has no autovacuum: this process analyses its growing tables instead (ADR 032)
  const maintenance = scheduleTableMaintenance(database, app.log.child({ component: 'db' }));
  // `npm run backup` asks this process for a consistent copy of the PGlite database (ADR 056)
  const snapshots = await serveSnapshots(
    database,
    config.dataDir,
    app.log.child({ component: 'backup' }),
  );
  let worker: { stop(): Promise<void> } | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // stop taking requests and jobs, let the ones in hand finish, then close the database
    await Promise.all([app.close(), worker?.stop(), maintenance.stop(), snapshots.close()]);
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  // the port actually bound: PORT=0 (tests) lets the system choose one
  const { port } = app.server.address() as AddressInfo;
  if (config.queue.worker) {
    worker = await startMessageWorker({
      config,
      database,
      secrets: app.settingSecrets,
      log: app.log.child({ component: 'messages' }),
      now: app.now,
      appUrl: config.publicUrl ?? `http://localhost:${port}`,
    });
  }
  app.log.info(`TintBook is ready at http://localhost:${port} (database: ${database.driver})`);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('TintBook could not start:', err);
  }
  process.exit(1);
});
