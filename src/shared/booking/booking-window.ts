import { minutesOfDay, type BookingRules } from './booking-rules';
import { addDays, dateIn, hour, wallClock } from './calendar';
import { calendarClosure } from './closed-days';

/** What `now` means for the rules: today's date, the horizon and the cutoff. */
export interface BookingWindow {
  now: number;
  today: string;
  lastDay: string;
  pastCutoff: boolean;
  /** First calendar-open day after today within the horizon (null if none). */
  nextOpenDay: string | null;
}

export function bookingWindow(rules: BookingRules, now: number): BookingWindow {
  const today = dateIn(new Date(now), rules.timezone);
  const lastDay = addDays(today, rules.horizonDays);
  const pastCutoff = now >= wallClock(today, rules.cutoffHour * 60, rules.timezone);
  let nextOpenDay: string | null = null;
  for (let offset = 1; offset <= rules.horizonDays && !nextOpenDay; offset++) {
    const date = addDays(today, offset);
    if (!calendarClosure(date, rules)) nextOpenDay = date;
  }
  return { now, today, lastDay, pastCutoff, nextOpenDay };
}

/** Real-time bounds (epoch ms) of the slot grid of a date, open or not. */
export function slotGrid(date: string, rules: BookingRules): { start: number; end: number }[] {
  // Slots follow each other in real time from the first one, so each lasts exactly
  // slotMinutes even if a DST change fell inside opening hours (Melbourne's are at 02:00/03:00).
  const first = wallClock(date, minutesOfDay(rules.firstSlot), rules.timezone);
  const length = rules.slotMinutes * 60_000;
  return Array.from({ length: rules.slotsPerDay }, (_, i) => ({
    start: first + i * length,
    end: first + (i + 1) * length,
  }));
}

/** The earliest start a slot on `date` may have (lead times), in epoch ms. */
export function earliestStart(date: string, rules: BookingRules, window: BookingWindow): number {
  // The same-day lead time is a floor for every day: no slot starts sooner than that from now.
  let earliest = window.now + rules.sameDayLeadTime * hour;
  if (window.pastCutoff && date === window.nextOpenDay) {
    const firstSlot = wallClock(date, minutesOfDay(rules.firstSlot), rules.timezone);
    earliest = Math.max(earliest, firstSlot + rules.nextDayLeadTime * hour);
  }
  return earliest;
}

/**
 * The first instant after `window.now` at which the clock alone changes what `date` offers: today's
 * cutoff hour passing (it closes today and moves the next open day's lead time), or the first slot
 * still offered coming within the lead time. Infinity when neither happens.
 */
export function nextClockChange(date: string, rules: BookingRules, window: BookingWindow): number {
  let next = Number.POSITIVE_INFINITY;
  if (!window.pastCutoff && (date === window.today || date === window.nextOpenDay)) {
    next = wallClock(window.today, rules.cutoffHour * 60, rules.timezone);
  }
  const earliest = earliestStart(date, rules, window);
  const first = slotGrid(date, rules).find((slot) => slot.start >= earliest);
  // offered while now + lead ≤ its start: gone one millisecond after start - lead
  if (first) next = Math.min(next, first.start - rules.sameDayLeadTime * hour + 1);
  return next;
}
