import type { BookingDay } from '#shared/booking/slot.contract.ts';

/** One start time of a day in the preview, whatever the number of staff. */
export interface PreviewTime {
  startTime: string;
  /** Staff members free at this time, of `staff` who take bookings. */
  free: number;
  staff: number;
}

/** The day's start times in order, each once, with how many staff are free then. */
export function previewTimes(day: BookingDay): PreviewTime[] {
  const byStart = new Map<number, PreviewTime>();
  for (const slot of day.slots) {
    const at = Date.parse(slot.startTime);
    const time = byStart.get(at) ?? { startTime: slot.startTime, free: 0, staff: 0 };
    time.staff += 1;
    if (slot.available) time.free += 1;
    byStart.set(at, time);
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, time]) => time);
}

/** Why a day offers no times, in words; null when it is open. */
export function closedReasonText(day: BookingDay): string | null {
  switch (day.closedReason) {
    case 'weekend':
      return 'Closed: weekend';
    case 'holiday':
      return `Closed: public holiday${day.holidayName ? ` (${day.holidayName})` : ''}`;
    case 'blackout':
      return 'Closed: blackout date';
    case 'past-cutoff':
      return 'No times left: past the cutoff or the lead time';
    case 'outside-horizon':
      return 'Not open for booking yet';
    case null:
      return null;
  }
}

/** The summary line's figures: open days and times a customer could pick. */
export function previewCounts(days: BookingDay[]): { openDays: number; freeTimes: number } {
  let openDays = 0;
  let freeTimes = 0;
  for (const day of days) {
    const free = previewTimes(day).filter((time) => time.free > 0).length;
    if (free > 0) openDays += 1;
    freeTimes += free;
  }
  return { openDays, freeTimes };
}

// A calendar date has no instant: its names are read at noon UTC, which is on the same date.
const shortDate = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** "2026-11-23" → "Mon 23 Nov". */
export function formatShortDate(date: string): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const parts = Object.fromEntries(
    shortDate.formatToParts(Date.UTC(y, m - 1, d, 12)).map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}
