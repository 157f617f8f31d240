// Runs jobs on a few long-lived worker threads, one job at a time each, with a time and memory
// budget per job. A job that loops or allocates without end costs its worker, which is terminated
// and replaced; the event loop of the requests never runs the job's code. Workers are kept rather
// than started per job: starting one (a V8 heap, sharp loaded) costs far more than a job.
import { Worker } from 'node:worker_threads';

export interface WorkerBudget {
  /** From handing a job over to its answer; past it the worker is terminated. */
  timeMs: number;
  /** V8 heap limits of each worker; past them V8 stops the worker. */
  maxOldGenerationSizeMb: number;
  maxYoungGenerationSizeMb: number;
  /** Workers, so jobs running at once; further jobs wait for a free worker. */
  concurrentJobs: number;
}

export class WorkerBudgetError extends Error {
  constructor(readonly exceeded: 'time' | 'memory') {
    super(`the worker exceeded its ${exceeded} budget`);
  }
}

/**
 * From source (tsx, Vitest) the worker is a .ts file: tsx's loader is registered inside the new
 * thread before the file is imported. The build runs a bundled .js worker directly.
 */
function entryOf(file: URL): URL {
  if (!file.pathname.endsWith('.ts')) return file;
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))};
register();
await import(${JSON.stringify(file.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
}

const isOutOfMemory = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

/** Sends one job to a worker; on any failure the worker is terminated, never reused. */
function runOn<Result>(worker: Worker, data: unknown, timeMs: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const finish = (error: unknown, answer?: Result) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error === undefined) return resolve(answer as Result);
      void worker.terminate();
      reject(error);
    };
    const onMessage = (answer: Result) => finish(undefined, answer);
    const onError = (err: unknown) =>
      finish(isOutOfMemory(err) ? new WorkerBudgetError('memory') : err);
    const onExit = (code: number) => finish(new Error(`worker exited with code ${code}`));
    const timer = setTimeout(() => finish(new WorkerBudgetError('time')), timeMs);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(data);
  });
}

/**
 * A function that runs a job on a worker of `file` (which answers each message it gets with one
 * message), within the budget. Workers start on first use.
 */
export function createWorkerPool<Data, Result>(file: URL, budget: WorkerBudget) {
  const entry = entryOf(file);
  const idle: Worker[] = [];
  let live = 0;
  const waiting: Array<() => void> = [];
  const wakeOne = () => waiting.shift()?.();

  function start() {
    const worker = new Worker(entry, {
      resourceLimits: {
        maxOldGenerationSizeMb: budget.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: budget.maxYoungGenerationSizeMb,
      },
    });
    worker.unref(); // idle workers never keep the process alive; a job's timer does meanwhile
    live += 1;
    worker.once('exit', () => {
      live -= 1;
      if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
      wakeOne(); // its place is free
    });
    return worker;
  }

  async function take(): Promise<Worker> {
    for (;;) {
      const worker = idle.pop();
      if (worker) return worker;
      if (live < budget.concurrentJobs) return start();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  return async function run(data: Data): Promise<Result> {
    const worker = await take();
    const result = await runOn<Result>(worker, data, budget.timeMs); // on failure: worker gone
    idle.push(worker);
    wakeOne();
    return result;
  };
}
