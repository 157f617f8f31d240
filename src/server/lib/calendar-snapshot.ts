import type { BookingRules } from '#shared/booking/booking-rules.ts';
import type { SchedulingConsultant } from '#shared/booking/consultant.ts';
import type { BusyIndex } from './busy-index';
import type { CalendarEntry } from './calendar-change';

/** The rules, consultants, live bookings and holds of the whole horizon, kept up to date by changes. */
export interface CalendarSnapshot {
  /** The app-clock instant it was read at, and that instant's date in the rules' time zone. */
  readAt: number;
  today: string;
  /** The last date of the horizon, and the instant `today` ends (the snapshot is then replaced). */
  lastDay: string;
  todayEndsAt: number;
  /** The first open day after today: its lead time follows the cutoff hour (the clock). */
  nextOpenDay: string | null;
  rules: BookingRules;
  consultants: SchedulingConsultant[];
  travelBufferMinutes: number;
  /** Bookings and holds, kept up to date by their row changes. */
  entries: Map<string, CalendarEntry>;
  /** The consultants' own busy times (issue 29): replaced only with the whole snapshot. */
  busy?: BusyIndex;
}

/** Whether two reads found the same calendar (the instants they were read at aside). */
export function sameCalendar(a: CalendarSnapshot, b: CalendarSnapshot): boolean {
  const content = (s: CalendarSnapshot) =>
    JSON.stringify([
      s.today,
      s.nextOpenDay,
      s.rules,
      s.consultants,
      s.travelBufferMinutes,
      [...s.entries]
        .map(([key, e]) => [
          key,
          e.staffId,
          e.start,
          e.end,
          e.place?.lat,
          e.place?.lng,
          e.sessionId ?? null,
          e.expiresAt ?? null,
        ])
        .sort(([x], [y]) => (String(x) < String(y) ? -1 : 1)),
      [...(s.busy ?? [])].sort(([x], [y]) => (x < y ? -1 : 1)),
    ]);
  return content(a) === content(b);
}
