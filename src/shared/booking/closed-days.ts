import Holidays from 'date-holidays';
import type { BookingRules } from './booking-rules';
import { weekday } from './calendar';

// The business is in Victoria, so the holiday calendar is AU-VIC whatever `timezone` says.
// Only type 'public' closes a day (not 'observance', 'school' or 'bank').
let victoria: Holidays | undefined;
const namesByYear = new Map<number, Map<string, string>>();

function publicHolidays(year: number): Map<string, string> {
  let names = namesByYear.get(year);
  if (!names) {
    victoria ??= new Holidays('AU', 'VIC', { types: ['public'] });
    names = new Map();
    for (const holiday of victoria.getHolidays(year, 'en')) {
      if (holiday.type !== 'public') continue;
      const date = holiday.date.slice(0, 10);
      const other = names.get(date);
      names.set(date, other ? `${other} / ${holiday.name}` : holiday.name);
    }
    namesByYear.set(year, names);
  }
  return names;
}

/** "Melbourne Cup" on 2026-11-03; null on a day that is not a Victorian public holiday. */
export function victorianPublicHoliday(date: string): string | null {
  return publicHolidays(Number(date.slice(0, 4))).get(date) ?? null;
}

export type CalendarClosure = 'holiday' | 'blackout' | 'weekend';

/** Why a date is closed whatever the clock says (holiday, blackout, weekend), or null. */
export function calendarClosure(date: string, rules: BookingRules): CalendarClosure | null {
  if (victorianPublicHoliday(date)) return 'holiday';
  if (rules.blackoutDates.includes(date)) return 'blackout';
  const day = weekday(date);
  if (!rules.allowWeekends && (day === 0 || day === 6)) return 'weekend';
  return null;
}
