import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerBudgetError } from '#server/lib/worker-pool.ts';

// Issue 16: an upload's processing runs off the request's event loop, within a time and memory
// budget. These jobs misbehave on purpose; the pool must stop them, stay responsive meanwhile and
// go on answering with fresh workers.
const run = createWorkerPool<string, string>(
  new URL('./worker-pool.test-worker.ts', import.meta.url),
  { timeMs: 3000, maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8, concurrentJobs: 1 },
);

/** Counts the turns of this thread's event loop until `job` settles. */
async function turnsWhile(job: Promise<unknown>) {
  let settled = false;
  void job.catch(() => {}).finally(() => (settled = true));
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns += 1;
  }
  return turns;
}

describe('running jobs on the worker pool', () => {
  it('answers from another thread than this one, reusing its worker', async () => {
    const first = await run('answer');
    expect(first).toMatch(/^answered on thread \d+$/);
    expect(first).not.toBe(`answered on thread ${threadId}`);
    expect(await run('answer')).toBe(first);
  });

  it('stops a job that never ends at its time budget; the event loop keeps turning meanwhile', async () => {
    const before = await run('answer');
    const job = run('loop');
    expect(await turnsWhile(job)).toBeGreaterThan(100);
    const err = await job.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkerBudgetError);
    expect(err).toMatchObject({ exceeded: 'time' });
    // the worker that looped is gone: a new one answers
    const after = await run('answer');
    expect(after).toMatch(/^answered on thread \d+$/);
    expect(after).not.toBe(before);
  });

  it('stops a job that allocates without end at its memory budget, then answers again', async () => {
    await expect(run('allocate')).rejects.toMatchObject({ exceeded: 'memory' });
    await expect(run('answer')).resolves.toMatch(/^answered/);
  });

  it('queues jobs beyond its workers and answers them all', async () => {
    const answers = await Promise.all(['answer', 'answer', 'answer'].map((task) => run(task)));
    expect(new Set(answers).size).toBe(1); // one worker (concurrentJobs: 1) took them in turn
  });
});
