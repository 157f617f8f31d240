import type PgBoss from 'pg-boss';
import type { Database, Db } from '#server/db/client.ts';
import { executeNamedText } from '#server/db/named-statement.ts';
import { newBoss, queueNameOf, type MessageChannel } from '#server/db/job-queue-schema.ts';

// The app's handle on pg-boss: jobs go in with the business write's transaction, and the worker
// (message-worker.ts) takes them out. A job carries only the id of its delivery row.

export interface QueueTuning {
  /** Tries after the first, with exponential backoff and jitter from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job running longer is taken as lost (a killed worker) and tried again by maintenance. */
  jobTimeoutSeconds: number;
  pollingSeconds: number;
  maintenanceSeconds: number;
}

export const defaultQueueTuning: QueueTuning = {
  retryLimit: 8,
  retryDelaySeconds: 30,
  jobTimeoutSeconds: 120,
  pollingSeconds: 2,
  maintenanceSeconds: 60,
};

export interface MessageJob {
  deliveryId: string;
}

/** What node-postgres would send for a value: JSON for objects, NULL for undefined. */
const asParameter = (value: unknown) =>
  value === undefined
    ? null
    : value !== null && typeof value === 'object' && !(value instanceof Date)
      ? JSON.stringify(value)
      : value;

/**
 * pg-boss's SQL ($1… parameters) run on a drizzle transaction, so the job row commits or rolls
 * back with the business write that caused it; a named statement (ADR 038), its parameters sent
 * as parameters, never into the text.
 */
function onTransaction(tx: Db) {
  return {
    executeSql: (text: string, values: unknown[] = []) =>
      executeNamedText(tx, text, values.map(asParameter)),
  };
}

/**
 * What a call after the stop answers: pg-boss reads a result without rows as nothing fetched
 * (`fetch` answers `[]`) and nothing affected (`complete`/`fail` count 0); an empty array would
 * not do, as its command responses read `rows[0].count`.
 */
const NOTHING_DONE = { rows: undefined as unknown as never[] };

export class MessageQueue {
  readonly boss: PgBoss;
  #stopped = false;

  constructor(
    database: Database,
    readonly tuning: QueueTuning,
    /** The worker's instance runs pg-boss's maintenance (expiry, archive); the app's does not. */
    supervise = false,
  ) {
    // Once stopped, pg-boss's late calls (a worker's fetch that was in flight at the stop, then
    // its job's complete or fail, which pg-boss does not await) find the database closed and would
    // end the process with an unhandled rejection: they do nothing instead. Such a job stays
    // active, expires and runs again (at least once, as every job).
    const executeSql: typeof database.executeSql = (text, values) =>
      this.#stopped ? Promise.resolve(NOTHING_DONE) : database.executeSql(text, values);
    this.boss = newBoss(executeSql, {
      supervise,
      schedule: false,
      migrate: false,
      maintenanceIntervalSeconds: tuning.maintenanceSeconds,
      pollingIntervalSeconds: tuning.pollingSeconds,
    });
  }

  start() {
    return this.boss.start();
  }

  async stop() {
    await this.boss.stop({ graceful: true, close: false, timeout: 30_000 });
    this.#stopped = true;
  }

  /** `startAfter`: an instant, or a delay in seconds. */
  jobOptions(startAfter: Date | number | undefined, retryLimit = this.tuning.retryLimit) {
    return {
      retryLimit,
      retryDelay: this.tuning.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: this.tuning.jobTimeoutSeconds,
      // jobs and their history are kept 14 days; the delivery rows keep the outcome for good
      retentionDays: 14,
      ...(startAfter !== undefined && {
        startAfter: typeof startAfter === 'number' ? startAfter : startAfter.toISOString(),
      }),
    };
  }

  /** Queues the delivery's job inside `tx`; its id, or null if pg-boss refused it. */
  sendInTransaction(tx: Db, channel: MessageChannel, job: MessageJob, startAfter?: Date) {
    return this.boss.send(queueNameOf(channel), job, {
      ...this.jobOptions(startAfter),
      db: onTransaction(tx),
    });
  }

  /**
   * Several deliveries' jobs in one statement on `tx` (a booking queues half a dozen), with the
   * ids chosen by the caller so the delivery rows can name them up front.
   */
  async insertInTransaction(
    tx: Db,
    jobs: { id: string; channel: MessageChannel; job: MessageJob; startAfter?: Date | undefined }[],
  ) {
    if (jobs.length === 0) return;
    const { retryLimit, retryDelaySeconds, jobTimeoutSeconds } = this.tuning;
    await this.boss.insert(
      jobs.map(({ id, channel, job, startAfter }) => ({
        id,
        name: queueNameOf(channel),
        data: job,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: jobTimeoutSeconds,
        ...(startAfter && { startAfter: startAfter.toISOString() }),
      })),
      { db: onTransaction(tx) } as never,
    );
  }

  /** A job of another queue (a backup run), committed or rolled back with `tx`. */
  sendJobInTransaction(tx: Db, name: string, data: object, options: PgBoss.SendOptions = {}) {
    return this.boss.send(name, data, { ...options, db: onTransaction(tx) });
  }

  /** A fresh job for a delivery (staff's Retry, a provider's Retry-After). */
  send(channel: MessageChannel, job: MessageJob, startAfter?: Date | number, retryLimit?: number) {
    return this.boss.send(queueNameOf(channel), job, this.jobOptions(startAfter, retryLimit));
  }
}
