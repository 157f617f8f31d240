import { createWorkerPool, WorkerBudgetError, type WorkerBudget } from '#server/lib/worker-pool.ts';
import { defaultBusyLimits, type BusyLimits, type BusyWindow, type Interval } from './busy-times';
import type { BusyTimesAnswer, BusyTimesJob } from './busy-times-worker';
import { CalendarReadError, calendarMessages } from './calendar-request';

// The request side of calendar parsing: the texts go to a worker thread (busy-times-worker.ts),
// within a time and memory budget; what comes back is the busy times or a refusal in plain words.

// From source this module is a .ts file beside the worker; in the build, main.js and worker-main.js
// sit beside busy-times-worker.js (see build:server in package.json).
const workerFile = import.meta.url.endsWith('.ts')
  ? new URL('./busy-times-worker.ts', import.meta.url)
  : new URL('./busy-times-worker.js', import.meta.url);

/** One thread: calendars are read one at a time, in the background, a few each minute. */
export const busyTimesBudget: WorkerBudget = {
  timeMs: 8_000,
  maxOldGenerationSizeMb: 192,
  maxYoungGenerationSizeMb: 32,
  concurrentJobs: 1,
};

const run = createWorkerPool<BusyTimesJob, BusyTimesAnswer>(workerFile, busyTimesBudget);

/** The busy intervals of these calendar texts over the window; CalendarReadError when refused. */
export async function readBusyTimes(
  texts: string[],
  window: BusyWindow,
  limits: BusyLimits = defaultBusyLimits,
): Promise<Interval[]> {
  let answer: BusyTimesAnswer;
  try {
    answer = await run({ texts, window, limits });
  } catch (err) {
    if (err instanceof WorkerBudgetError) {
      throw new CalendarReadError(calendarMessages.tooComplex);
    }
    throw err;
  }
  if ('refused' in answer) throw new CalendarReadError(answer.refused);
  return answer.busy;
}
