// A worker for worker-pool.test.ts that misbehaves on request, as a hostile upload would make a
// parser misbehave: loops for ever, or allocates until it is stopped.
import { parentPort, threadId } from 'node:worker_threads';

parentPort?.on('message', (task: 'answer' | 'loop' | 'allocate') => {
  if (task === 'loop') for (;;);
  if (task === 'allocate') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => i));
  }
  parentPort?.postMessage(`answered on thread ${threadId}`);
});
