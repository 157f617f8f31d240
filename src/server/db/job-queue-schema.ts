import PgBoss from 'pg-boss';
import { messageChannels } from '#shared/admin/messages.contract.ts';
import type { ExecuteSql } from './client';

// The job queue's tables (pg-boss's own `pgboss` schema) and its queues, set up with the app's
// migrations so every database, test template and image starts with them. pg-boss migrates its
// schema itself, under an advisory lock, and is a no-op when it is current.

/** One queue per outbound channel, so an outage of one provider never holds up the others. */
export { messageChannels };
export type MessageChannel = (typeof messageChannels)[number];

export const queueNameOf = (channel: MessageChannel) => `messages_${channel}`;

/**
 * The consultants' calendar reads (issue 29, ADR 053): 'stately', so one calendar (the job's
 * singleton key) has at most one job waiting and one running, however many workers queue it.
 */
export const busySyncQueue = 'calendar_busy_sync';

/**
 * The backups (issue 31, ADR 056): the nightly schedule and Back up now send here. 'singleton':
 * one backup job active at a time, however many workers take jobs.
 */
export const backupQueue = 'backup_run';

/** pg-boss on the app's own connection (pool or PGlite): no second pool, and PGlite has one. */
export function newBoss(executeSql: ExecuteSql, options: PgBoss.ConstructorOptions = {}) {
  return new PgBoss({ db: { executeSql }, ...options });
}

export async function installJobQueue(executeSql: ExecuteSql): Promise<void> {
  const boss = newBoss(executeSql, { supervise: false, schedule: false });
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const channel of messageChannels) {
      const name = queueNameOf(channel);
      if (!existing.has(name)) await boss.createQueue(name, { name, policy: 'standard' });
    }
    if (!existing.has(busySyncQueue)) {
      await boss.createQueue(busySyncQueue, { name: busySyncQueue, policy: 'stately' });
    }
    if (!existing.has(backupQueue)) {
      await boss.createQueue(backupQueue, { name: backupQueue, policy: 'singleton' });
    }
  } finally {
    await boss.stop({ graceful: false, close: false });
  }
}
