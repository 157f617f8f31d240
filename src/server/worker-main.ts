import { ConfigError, loadConfig, loadEnvFile } from './config';
import { openDatabase } from './db/client';
import { SettingSecrets } from './lib/setting-secrets';
import { startMessageWorker } from './messages/start-worker';

// `npm run worker`: the outbound-message worker as a process of its own, for deployments with
// several app processes (started with MESSAGE_WORKER=false). PostgreSQL only: the embedded
// database belongs to the one `npm start` process, which runs the worker itself.
async function main() {
  loadEnvFile();
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'The worker runs on its own only with DATABASE_URL (PostgreSQL). With the embedded database, `npm start` runs it.',
    );
  }
  const database = await openDatabase({ driver: 'postgres', url: config.databaseUrl });
  const { default: pino } = await import('pino');
  const log = pino({ level: config.logLevel, base: { component: 'messages' } });
  const worker = await startMessageWorker({
    config,
    database,
    secrets: new SettingSecrets(config.settingsEncryption.key),
    log,
    now: () => new Date(),
    appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  log.info('TintBook message worker is running');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down: finishing the jobs in hand');
    await worker.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : ['The worker could not start:', err]);
  process.exit(1);
});
