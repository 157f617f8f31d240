import type { Config } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { closeMailers } from '#server/integrations/email/send-email.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { scheduleDataMinimisation } from '#server/db/data-minimisation.ts';
import { backupInChild } from '#server/backup/run-in-child.ts';
import { BackupJobs } from '#server/features/backups/backup-jobs.ts';
import { BusySyncJobs } from '#server/features/calendar-sync/busy-sync-jobs.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import { channelHandlers } from './handlers/channel-handlers';
import { MessageQueue } from './message-queue';
import { Outbox } from './outbox';
import { MessageWorker, type WorkerLog } from './message-worker';

export interface WorkerDeps {
  config: Config;
  database: Database;
  secrets: SettingSecrets;
  log: WorkerLog;
  now: () => Date;
  /** Where links in messages point: PUBLIC_URL, else this server's own address. */
  appUrl: string;
  /** Name resolution for the outbound address check; tests inject one, else the system's. */
  resolve?: Resolve | undefined;
}

/**
 * The outbound-message worker: inside `npm start` (MESSAGE_WORKER, the default) or on its own
 * (`npm run worker`). Its pg-boss instance also runs the queue's maintenance: expiring jobs of a
 * worker that died mid-send, so another try picks them up.
 */
export async function startMessageWorker(deps: WorkerDeps) {
  const queue = new MessageQueue(deps.database, deps.config.queue, true);
  const handlers = channelHandlers({
    db: deps.database.db,
    secrets: deps.secrets,
    endpoints: deps.config.messaging,
    appUrl: deps.appUrl.replace(/\/+$/, ''),
    log: deps.log,
    now: deps.now,
    resolve: deps.resolve,
  });
  const worker = new MessageWorker(deps.database.db, queue, handlers, deps.log, deps.now);
  await worker.start();
  // APP 11: click ids and whole addresses older than 90 days go, once a day (issue 11)
  const minimisation = scheduleDataMinimisation(deps.database.db, deps.now, deps.log);
  // consultants' own calendars: their busy times read again every minute (issue 29)
  const busySync = new BusySyncJobs(queue.boss, deps.database.db, {
    now: deps.now,
    log: deps.log,
    secrets: deps.secrets,
    resolve: deps.resolve,
  });
  await busySync.start();
  // the nightly backup (issue 31): scheduled when BACKUP_DIR or BACKUP_S3_PREFIX is set,
  // unscheduled otherwise; the archive is written by a child process
  const backups = new BackupJobs(deps.database, {
    db: deps.database.db,
    config: deps.config,
    // its e-mail goes at once (no sendAfter), so the queue's clock is never asked for
    outbox: new Outbox(queue, { app: deps.now, real: deps.now }),
    now: deps.now,
    log: deps.log,
    takeArchive: backupInChild,
  });
  await backups.start();
  return {
    async stop() {
      await backups.stop();
      busySync.stop();
      minimisation.stop();
      await worker.stop();
      closeMailers();
    },
  };
}
