import { messageDeliveries } from '#server/db/schema/index.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type { TestApp } from './test-app';

// The delivery rows as the worker leaves them, for tests that wait on the queue.

export function deliveries(t: Pick<TestApp, 'database'>): Promise<DeliveryRow[]> {
  return t.database.db.select().from(messageDeliveries);
}

/** Waits until every delivery matching `which` has `status` (and at least one matches). */
export async function waitForStatus(
  t: Pick<TestApp, 'database'>,
  which: (row: DeliveryRow) => boolean,
  status: string,
  timeoutMs = 20_000,
): Promise<DeliveryRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = (await deliveries(t)).filter(which);
    if (rows.length > 0 && rows.every((row) => row.status === status)) return rows;
    if (Date.now() > deadline) {
      const seen = rows.map((row) => `${row.kind}:${row.status} ${row.lastError ?? ''}`).join(', ');
      throw new Error(`Timed out waiting for messages to reach '${status}'; saw ${seen || 'none'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
