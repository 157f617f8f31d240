import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { insertDeliveries, type NewDelivery } from './deliveries.repository';
import type { MessageQueue } from './message-queue';

/**
 * Where features put outbound messages: the delivery row and its pg-boss job are written on the
 * caller's transaction, so a booking that rolls back sends nothing and a committed one always
 * sends. A dedupe key that was used before queues nothing (null).
 */
export class Outbox {
  constructor(
    readonly queue: MessageQueue,
    /** The app's clock (frozen in tests), and the database's: pg-boss starts jobs by the latter. */
    private readonly clocks: { app: () => Date; real: () => Date },
  ) {}

  /** One message; its delivery id, or null when its dedupe key was used before. */
  async put(tx: Db, message: NewDelivery): Promise<string | null> {
    const [id] = await this.putAll(tx, [message]);
    return id ?? null;
  }

  /**
   * Several messages in two statements: the delivery rows (each naming its job), then the jobs of
   * the rows that were new. The ids of the new deliveries.
   */
  async putAll(tx: Db, messages: NewDelivery[]): Promise<string[]> {
    if (messages.length === 0) return [];
    const rows = messages.map((message) => ({ ...message, jobId: randomUUID() as string }));
    const inserted = await insertDeliveries(tx, rows);
    const byJob = new Map<string, NewDelivery>(rows.map((row) => [row.jobId, row]));
    await this.queue.insertInTransaction(
      tx,
      inserted.map(({ id, jobId }) => {
        const row = byJob.get(jobId);
        return {
          id: jobId,
          channel: row?.channel ?? 'email',
          job: { deliveryId: id },
          startAfter: row?.sendAfter && this.onQueueClock(row.sendAfter),
        };
      }),
    );
    return inserted.map((row) => row.id);
  }

  /** "24 h before the appointment" by the app's clock, as an instant of the queue's. */
  private onQueueClock(instant: Date) {
    return new Date(instant.getTime() - this.clocks.app().getTime() + this.clocks.real().getTime());
  }
}
