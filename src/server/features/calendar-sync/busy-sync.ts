import type { BookingRules } from '#shared/booking/booking-rules.ts';
import { addDays, dateIn, wallClock } from '#shared/booking/calendar.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import type { BusyTime } from '#server/db/schema/index.ts';
import { queryCalendar } from '#server/integrations/caldav/calendar-query.ts';
import {
  defaultBusyLimits,
  type BusyLimits,
  type BusyWindow,
} from '#server/integrations/ics/busy-times.ts';
import {
  CalendarReadError,
  calendarMessages,
  readCalendar,
} from '#server/integrations/ics/calendar-request.ts';
import { readBusyTimes } from '#server/integrations/ics/read-busy-times.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { openCalendarPassword } from '#server/lib/calendar-password.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import type { WorkerLog } from '#server/messages/message-worker.ts';
import {
  calendarToSync,
  recordSyncFailed,
  recordSyncSucceeded,
  type CalendarToSync,
} from './busy-sync.repository';

// A consultant's busy times out of their own calendar (issue 29, ADR 053): read over the horizon,
// expanded on a worker thread, stored when they changed (every process's calendar then reads them
// again). A failure keeps the last good busy times and says why in plain words; nothing here
// throws, so neither the job nor "Refresh now" can fail a booking or the app.

export interface BusySyncDeps {
  now: Date;
  /** request.log or app.log; the worker's log too (WorkerLog). */
  log: WorkerLog;
  /** Opens a CalDAV calendar's app password (app.settingSecrets); without it CalDAV fails. */
  secrets?: SettingSecrets | undefined;
  /** Name resolution for the address checks (ADR 045); the system's by default. */
  resolve?: Resolve | undefined;
  timeoutMs?: number;
  maxBytes?: number;
  limits?: BusyLimits;
}

const defaultTimeoutMs = 10_000;
/** Google's secret address holds every event ever made; 2 MB is some thousands of them. */
const defaultMaxBytes = 2 * 1024 * 1024;

/** From the start of yesterday (an event running over midnight) to the end of the horizon. */
export function busyWindowAt(rules: BookingRules, now: Date): BusyWindow {
  const today = dateIn(now, rules.timezone);
  return {
    start: wallClock(addDays(today, -1), 0, rules.timezone),
    end: wallClock(addDays(today, rules.horizonDays + 1), 0, rules.timezone),
    timezone: rules.timezone,
  };
}

async function calendarTexts(
  consultantId: string,
  calendar: CalendarToSync,
  window: BusyWindow,
  deps: BusySyncDeps,
): Promise<string[]> {
  const bounds = {
    timeoutMs: deps.timeoutMs ?? defaultTimeoutMs,
    maxBytes: deps.maxBytes ?? defaultMaxBytes,
    resolve: deps.resolve,
  };
  const url = new URL(calendar.url.replace(/^webcals?:\/\//i, 'https://'));
  if (calendar.kind === 'ics') return [await readCalendar({ method: 'GET', url, ...bounds })];
  let password: string;
  try {
    if (!deps.secrets || !calendar.passwordSealed) throw new Error('no password');
    password = openCalendarPassword(deps.secrets, consultantId, calendar.passwordSealed);
  } catch {
    throw new CalendarReadError(calendarMessages.noPassword);
  }
  return queryCalendar({
    url,
    username: calendar.username ?? '',
    password,
    start: new Date(window.start),
    end: new Date(window.end),
    ...bounds,
  });
}

const sameBusy = (a: BusyTime[], b: BusyTime[]) =>
  a.length === b.length && a.every((x, i) => x.start === b[i]!.start && x.end === b[i]!.end);

/**
 * Reads the consultant's connected calendar now and stores its busy times (or why it failed).
 * Nothing to do without a connected calendar. Never throws.
 */
export async function refreshConsultantCalendar(
  db: Db,
  consultantId: string,
  deps: BusySyncDeps,
): Promise<void> {
  const { log, now } = deps;
  try {
    const calendar = await calendarToSync(db, consultantId);
    if (!calendar) return;
    const { rules } = await readBookingSetup(db);
    const window = busyWindowAt(rules, now);
    try {
      const texts = await calendarTexts(consultantId, calendar, window, deps);
      const intervals = await readBusyTimes(texts, window, deps.limits ?? defaultBusyLimits);
      const busy = intervals.map((i) => ({
        start: new Date(i.start).toISOString(),
        end: new Date(i.end).toISOString(),
      }));
      const changed = !sameBusy(busy, calendar.busy);
      await recordSyncSucceeded(db, consultantId, calendar, changed ? busy : undefined, now);
      log.info({ consultantId, busyTimes: busy.length, changed }, 'calendar synced');
    } catch (err) {
      const known = err instanceof CalendarReadError;
      const message = known ? err.message : calendarMessages.notCalendar;
      // the address is never logged: a private ICS address is as good as a password
      if (known)
        log.warn({ consultantId, kind: calendar.kind, reason: message }, 'calendar sync failed');
      else log.error({ consultantId, kind: calendar.kind, err }, 'calendar sync failed');
      await recordSyncFailed(db, consultantId, calendar, message, now);
    }
  } catch (err) {
    log.error({ consultantId, err }, 'calendar sync could not record its outcome');
  }
}
