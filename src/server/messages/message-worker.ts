import type PgBoss from 'pg-boss';
import type { Db } from '#server/db/client.ts';
import { messageChannels, queueNameOf, type MessageChannel } from '#server/db/job-queue-schema.ts';
import {
  PermanentDeliveryError,
  TransientDeliveryError,
  type Delivered,
} from '#server/integrations/delivery.ts';
import { claimDelivery, settle, type DeliveryRow } from './deliveries.repository';
import type { MessageJob, MessageQueue } from './message-queue';

// Takes message jobs off the queue and records each outcome on its delivery row:
// sent → done; a transient failure → pg-boss tries again with backoff (a Retry-After becomes a
// fresh job starting then); a permanent failure, or the last try → 'dead' for staff to see.

/** A message that no longer applies (a reminder for a moved booking, an opted-out number). */
export interface Skipped {
  skipped: string;
}

export type ChannelHandler = (delivery: DeliveryRow) => Promise<Delivered | Skipped>;
export type ChannelHandlers = Record<MessageChannel, ChannelHandler>;

export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, 1000);

export class MessageWorker {
  constructor(
    private readonly db: Db,
    private readonly queue: MessageQueue,
    private readonly handlers: ChannelHandlers,
    private readonly log: WorkerLog,
    private readonly now: () => Date,
    private readonly concurrency = 10,
  ) {}

  async start() {
    await this.queue.start();
    this.queue.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    for (const channel of messageChannels) {
      const workerId = await this.queue.boss.work<MessageJob>(
        queueNameOf(channel),
        { batchSize: this.concurrency, includeMetadata: true },
        async (jobs) => {
          await this.runBatch(channel, jobs);
          // a full batch means more are waiting: fetch again at once instead of after the
          // polling interval, so a backlog (a provider back from an outage) drains at full speed
          if (jobs.length >= this.concurrency) this.queue.boss.notifyWorker(workerId);
        },
      );
    }
  }

  /** Graceful: takes no new jobs, lets the ones in hand finish (or fails them back to the queue). */
  stop() {
    return this.queue.stop();
  }

  // pg-boss completes the batch after this returns; jobs failed here stay failed (complete()
  // only touches active jobs), so each job's outcome is its own.
  private async runBatch(channel: MessageChannel, jobs: PgBoss.JobWithMetadata<MessageJob>[]) {
    await Promise.all(jobs.map((job) => this.run(channel, job)));
  }

  private async run(channel: MessageChannel, job: PgBoss.JobWithMetadata<MessageJob>) {
    const id = job.data.deliveryId;
    const delivery = await claimDelivery(this.db, id, this.queue.tuning.jobTimeoutSeconds);
    if (delivery === 'settled') return; // a job run twice sends once
    if (delivery === 'busy') {
      // another try holds it (a worker that may have died mid-send): look again after its lease
      await this.queue.boss.fail(job.name, job.id, { message: 'another try is in progress' });
      return;
    }
    try {
      const outcome = await this.handlers[channel](delivery);
      if ('skipped' in outcome) {
        await settle(this.db, id, { status: 'skipped', lastError: outcome.skipped });
        return;
      }
      await settle(this.db, id, {
        status: 'sent',
        lastError: null,
        provider: outcome.provider,
        providerMessageId: outcome.providerMessageId ?? null,
        sentAt: this.now(),
      });
    } catch (err) {
      await this.failed(channel, job, delivery, err);
    }
  }

  private async failed(
    channel: MessageChannel,
    job: PgBoss.JobWithMetadata<MessageJob>,
    delivery: DeliveryRow,
    err: unknown,
  ) {
    const id = delivery.id;
    const reason = errorText(err);
    const lastTry = job.retryCount >= job.retryLimit;
    const logged = { deliveryId: id, channel, kind: delivery.kind, attempt: delivery.attempts };
    if (err instanceof PermanentDeliveryError || lastTry) {
      this.log.warn({ ...logged, reason }, 'message failed for good');
      await settle(this.db, id, { status: 'dead', lastError: reason });
      if (lastTry && !(err instanceof PermanentDeliveryError)) {
        await this.queue.boss.fail(job.name, job.id, { message: reason });
      }
      return;
    }
    this.log.info({ ...logged, reason }, 'message failed, will try again');
    await settle(this.db, id, { status: 'failed', lastError: reason });
    const retryAfter = err instanceof TransientDeliveryError ? err.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) {
      // The provider said when: a fresh job then, with the tries that are left.
      const remaining = job.retryLimit - job.retryCount - 1;
      await this.queue.send(channel, job.data, Math.ceil(retryAfter), remaining);
      return; // this job completes
    }
    await this.queue.boss.fail(job.name, job.id, { message: reason });
  }
}
