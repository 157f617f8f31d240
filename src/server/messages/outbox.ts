import type { Db } from '#server/db/client.ts';
import { insertDelivery, setJobId, type NewDelivery } from './deliveries';
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

  async put(tx: Db, message: NewDelivery): Promise<string | null> {
    const id = await insertDelivery(tx, message);
    if (!id) return null;
    const jobId = await this.queue.sendInTransaction(
      tx,
      message.channel,
      { deliveryId: id },
      message.sendAfter && this.onQueueClock(message.sendAfter),
    );
    await setJobId(tx, id, jobId);
    return id;
  }

  /** "24 h before the appointment" by the app's clock, as an instant of the queue's. */
  private onQueueClock(instant: Date) {
    return new Date(instant.getTime() - this.clocks.app().getTime() + this.clocks.real().getTime());
  }
}
