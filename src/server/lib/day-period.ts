import { addDays, dateIn, daysBetween, wallClock } from '#shared/booking/calendar.ts';
import { dashboardMessages, maxRangeDays } from '#shared/dashboard/dashboard.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';

// A range of Melbourne days as the staff screens ask for it (the dashboard, the campaign links'
// figures): its days and the instants they span.

/** [start, end) instants of a range of days. */
export interface Span {
  start: Date;
  end: Date;
}

export interface Period {
  from: string;
  to: string;
  days: number;
  span: Span;
}

/** The instants from the start of `from` to the end of `to`, Melbourne days (23 or 25 hours at DST). */
export function periodOf(from: string, to: string, timezone: string): Period {
  return {
    from,
    to,
    days: daysBetween(from, to) + 1,
    span: {
      start: new Date(wallClock(from, 0, timezone)),
      end: new Date(wallClock(addDays(to, 1), 0, timezone)),
    },
  };
}

/** The range asked for: the last 7 days by default, `to` today when only `from` is given. */
export function requestedPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
  timezone: string,
): Period {
  const today = dateIn(now, timezone);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -6);
  const period = periodOf(from, to, timezone);
  if (period.days > maxRangeDays) {
    throw HttpError.badRequest(dashboardMessages.rangeTooLong, {
      from: dashboardMessages.rangeTooLong,
    });
  }
  return period;
}

/** The days just before, as many as the period has. */
export function previousPeriod(period: Period, timezone: string): Period {
  return periodOf(addDays(period.from, -period.days), addDays(period.from, -1), timezone);
}

/** Every day of the period, oldest first. */
export function daysOf(period: Pick<Period, 'from' | 'days'>): string[] {
  return Array.from({ length: period.days }, (_, i) => addDays(period.from, i));
}
