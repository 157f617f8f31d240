// Entry of the worker thread that reads calendars (issue 29, ADR 053; started by read-busy-times.ts
// through lib/worker-pool.ts; built to dist/server/busy-times-worker.js beside main.js). A hostile
// calendar (a rule that never yields, a huge file) costs this thread, never the event loop of
// the requests: the pool terminates it past its time or memory budget.
import { parentPort } from 'node:worker_threads';
import { busyTimesOf, type BusyLimits, type BusyWindow, type Interval } from './busy-times';
import { CalendarReadError, calendarMessages } from './calendar-request';

export interface BusyTimesJob {
  texts: string[];
  window: BusyWindow;
  limits: BusyLimits;
}

export type BusyTimesAnswer = { busy: Interval[] } | { refused: string };

parentPort?.on('message', (job: BusyTimesJob) => {
  let answer: BusyTimesAnswer;
  try {
    answer = { busy: busyTimesOf(job.texts, job.window, job.limits) };
  } catch (err) {
    // ical.js throws plain errors on malformed values deep inside a file
    answer = {
      refused: err instanceof CalendarReadError ? err.message : calendarMessages.notCalendar,
    };
  }
  parentPort?.postMessage(answer);
});
