import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { wallClockParts, type DateParts as Parts } from '#shared/time/date-parts.ts';

// Booking times are shown where the business is (Australia/Melbourne), whatever zone the phone
// is in. Built from Intl parts, not Intl's own phrasing, so every browser writes the same
// "Wednesday 25 November 2026, 9:00 am – 9:30 am".

/** The booking rules' default time zone, for when the server has not said otherwise. */
export const businessTimeZone = settingDefaults.timezone;

const partsOf = (instant: number, timeZone: string) => wallClockParts(instant, timeZone);

const instantOf = (iso: string) => Date.parse(iso);

/** "9:00 am". */
/** Today in the business's time zone, YYYY-MM-DD. */
export const businessToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone }).format(now);

export function formatTime(iso: string, timeZone = businessTimeZone): string {
  const p = partsOf(instantOf(iso), timeZone);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** "Wednesday 25 November 2026". */
export function formatLongDate(iso: string, timeZone = businessTimeZone): string {
  const p = partsOf(instantOf(iso), timeZone);
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/** "Wednesday 25 November 2026, 9:00 am – 9:30 am". */
export function formatSlotRange(start: string, end: string, timeZone = businessTimeZone): string {
  return `${formatLongDate(start, timeZone)}, ${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`;
}

// A calendar date ("2026-11-25") has no instant: its names are read at noon UTC, which falls on
// the same date in UTC.
const dateFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function datePartsOf(date: string): {
  weekday: string;
  day: string;
  month: string;
  year: string;
} {
  const [y, m, d] = date.split('-').map(Number);
  const parts: Parts = {};
  for (const part of dateFormat.formatToParts(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12))) {
    parts[part.type] = part.value;
  }
  return {
    weekday: parts.weekday ?? '',
    day: parts.day ?? '',
    month: parts.month ?? '',
    year: parts.year ?? '',
  };
}

/** "Wednesday 25 November" for a calendar date. */
export function formatCalendarDate(date: string): string {
  const { weekday, day, month } = datePartsOf(date);
  return `${weekday} ${day} ${month}`;
}
