import type { BookingDay } from '#shared/booking/slot.contract.ts';

export type { BookingDay };

/** One time on the day's list: free when any staff member is free then (the server picks one). */
export interface SlotTime {
  startTime: string;
  endTime: string;
  available: boolean;
}

export function slotTimes(day: BookingDay | undefined): SlotTime[] {
  const byStart = new Map<number, SlotTime>();
  for (const slot of day?.slots ?? []) {
    const at = Date.parse(slot.startTime);
    const seen = byStart.get(at);
    if (seen) seen.available ||= slot.available;
    else
      byStart.set(at, {
        startTime: slot.startTime,
        endTime: slot.endTime,
        available: slot.available,
      });
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, time]) => time);
}

export const isOpen = (day: BookingDay) =>
  day.closedReason === null && day.slots.some((slot) => slot.available);

/** Preselected: the server's next booking date when it is open here, else the first open day. */
export function defaultDate(
  days: BookingDay[],
  nextBookingDate: string | undefined,
): string | null {
  const next = days.find((day) => day.date === nextBookingDate);
  if (next && isOpen(next)) return next.date;
  return days.find(isOpen)?.date ?? null;
}

/** Why a day cannot be picked, for its accessible name; null when it can. */
export function closedNote(day: BookingDay): string | null {
  switch (day.closedReason) {
    case 'holiday':
      return day.holidayName ? `${day.holidayName}, closed` : 'public holiday, closed';
    case 'weekend':
    case 'blackout':
      return 'closed';
    case 'past-cutoff':
      return 'no times left today';
    case 'outside-horizon':
      return 'not open for booking yet';
    case null:
      return day.slots.some((slot) => slot.available) ? null : 'fully booked';
  }
}

/** The calendar's rows: weeks from Monday, blank cells before the first and after the last day. */
export function calendarWeeks(days: BookingDay[]): (BookingDay | null)[][] {
  if (days.length === 0) return [];
  const first = days[0]!.date;
  const [y, m, d] = first.split('-').map(Number);
  const mondayFirst = (new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay() + 6) % 7;
  const cells: (BookingDay | null)[] = [...Array<null>(mondayFirst).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (BookingDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Where an arrow, Home or End key moves focus in the grid (an index into `days`). */
export function moveInGrid(
  index: number,
  key: string,
  count: number,
  mondayFirst: number,
): number | null {
  const column = (index + mondayFirst) % 7;
  const target =
    key === 'ArrowLeft'
      ? index - 1
      : key === 'ArrowRight'
        ? index + 1
        : key === 'ArrowUp'
          ? index - 7
          : key === 'ArrowDown'
            ? index + 7
            : key === 'Home'
              ? index - column
              : key === 'End'
                ? index + (6 - column)
                : null;
  if (target === null) return null;
  return Math.min(Math.max(target, 0), count - 1);
}

/**
 * Without the calendar (calendar_view_enabled off, issue 15 item 16): the next open days with
 * their free times only, soonest first, at most `dayCount` days.
 */
export function nextAvailableDays(
  days: BookingDay[],
  dayCount = 5,
  /** The time this person holds: it stays listed. */
  heldStart?: string,
): BookingDay[] {
  const held = heldStart === undefined ? NaN : Date.parse(heldStart);
  const kept = (slot: BookingDay['slots'][number]) =>
    slot.available || Date.parse(slot.startTime) === held;
  return days
    .filter((day) => isOpen(day) || day.slots.some(kept))
    .slice(0, dayCount)
    .map((day) => ({ ...day, slots: day.slots.filter(kept) }));
}
