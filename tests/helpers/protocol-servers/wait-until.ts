import { setTimeout as sleep } from 'node:timers/promises';

/** Polls `done` every 10 ms; rejects with `describe()` once `timeoutMs` have passed. */
export async function waitUntil(
  done: () => boolean,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms: ${describe()}`);
    await sleep(10);
  }
}
