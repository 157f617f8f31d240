import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '#tests/helpers/message-state.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// A message is queued in the transaction of the change that causes it: rolled back together,
// committed together. Checked on the queue's own table, not only on the delivery rows.
describe('queueing a message inside a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const jobsFor = async (deliveryId: string) => {
    const { rows } = await t.database.executeSql(
      "select id from pgboss.job where data->>'deliveryId' = $1",
      [deliveryId],
    );
    return rows;
  };
  const put = (recipient: string) => (tx: Parameters<typeof t.app.outbox.put>[0]) =>
    t.app.outbox.put(tx, { channel: 'email', kind: 'test', recipient });

  it('leaves neither the delivery nor its job behind when the transaction rolls back', async () => {
    let queued: string | null = null;
    await expect(
      t.database.db.transaction(async (tx) => {
        queued = await put('rolled-back@example.com')(tx);
        throw new Error('the booking failed after queueing');
      }),
    ).rejects.toThrow('the booking failed');
    expect(queued).toBeTruthy();
    expect((await deliveries(t)).filter((d) => d.recipient === 'rolled-back@example.com')).toEqual(
      [],
    );
    expect(await jobsFor(queued ?? '')).toEqual([]);
  });

  it('commits the delivery and exactly one job with the transaction', async () => {
    const id = await t.database.db.transaction(put('committed@example.com'));
    expect(id).toBeTruthy();
    const [row] = (await deliveries(t)).filter((d) => d.id === id);
    expect(row).toMatchObject({ status: 'queued', channel: 'email' });
    const jobs = await jobsFor(id ?? '');
    expect(jobs).toHaveLength(1);
    expect(row?.jobId).toBe((jobs[0] as { id: string }).id);
  });

  it('queues a message with a dedupe key once', async () => {
    const message = {
      channel: 'webhook' as const,
      kind: 'form_completion' as const,
      recipient: 'x',
      dedupeKey: 'once:1',
    };
    const first = await t.database.db.transaction((tx) => t.app.outbox.put(tx, message));
    const second = await t.database.db.transaction((tx) => t.app.outbox.put(tx, message));
    expect(first).toBeTruthy();
    expect(second).toBeNull();
  });
});
