import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageQueue } from '#server/messages/message-queue.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// pg-boss does not await a job's complete or fail, so one can land after the queue has stopped
// (and the database is about to close). Such late calls must do nothing, not reject unhandled:
// CI once failed on exactly that.
describe('a message queue after its stop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers late fetch, complete and fail with nothing done and leaves the job to expire', async () => {
    const queue = new MessageQueue(t.database, t.app.config.queue);
    await queue.start();
    const name = 'late-calls';
    await queue.boss.createQueue(name);
    const id = await queue.boss.send(name, { n: 1 });
    const [job] = await queue.boss.fetch(name);
    expect(job?.id).toBe(id);

    await queue.stop();
    await expect(queue.boss.complete(name, id ?? '')).resolves.toMatchObject({ affected: 0 });
    await expect(queue.boss.fail(name, id ?? '')).resolves.toMatchObject({ affected: 0 });
    await expect(queue.boss.fetch(name)).resolves.toEqual([]);

    const { rows } = await t.database.executeSql('select state from pgboss.job where id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ state: 'active' }]);
  });
});
