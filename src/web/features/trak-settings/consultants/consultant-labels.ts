import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { weekdayKeys, type HoursRange, type WeekdayKey } from '#shared/booking/consultant.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';

// What the consultants screen says about a consultant and their week, in words.

export const weekdayNames: Record<WeekdayKey, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
/** Monday first, as a working week reads. */
export const weekOrder: WeekdayKey[] = [...weekdayKeys.slice(1), 'sun'];

/** "08:00" → "8:00 am", "24:00" → "midnight". */
export function wallTimeLabel(time: string): string {
  if (time === '24:00') return 'midnight';
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export const rangeLabel = (r: HoursRange) => `${wallTimeLabel(r.start)} – ${wallTimeLabel(r.end)}`;

/** One line per weekday: its ranges, or "Not working". */
export function weekLines(hours: Consultant['weeklyHours']) {
  return weekOrder.map((day) => ({
    day,
    name: weekdayNames[day],
    text: hours[day].length ? hours[day].map(rangeLabel).join(', ') : 'Not working',
  }));
}

export function servicesLabel(services: readonly string[]): string {
  if (services.includes('phone') && services.includes('onsite')) return 'Phone and onsite';
  return services.includes('onsite') ? 'Onsite only' : 'Phone only';
}

export function territoryLabel(territory: Consultant['territory']): string {
  if (!territory) return 'Anywhere';
  if ('postcodes' in territory) return `Postcodes ${territory.postcodes.join(', ')}`;
  return `Within ${territory.radiusKm} km of their base`;
}

const dateFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateLabel = (date: string) => dateFormat.format(new Date(`${date}T00:00:00Z`));

export function timeOffLabel(range: { from: string; to: string }): string {
  return range.from === range.to
    ? dateLabel(range.from)
    : `${dateLabel(range.from)} – ${dateLabel(range.to)}`;
}

/** A consultant's part of one day: their first and last time, and how many are free. */
export interface ConsultantDay {
  id: string;
  name: string;
  first: string;
  last: string;
  free: number;
  taken: number;
}

/** Whose times are whose on an open day, in the order the consultants are listed. */
export function whoseTimes(day: BookingDay, names: Map<string, string>): ConsultantDay[] {
  const byId = new Map<string, ConsultantDay>();
  for (const slot of day.slots) {
    const mine = byId.get(slot.staffId) ?? {
      id: slot.staffId,
      name: names.get(slot.staffId) ?? slot.staffId,
      first: slot.startTime,
      last: slot.endTime,
      free: 0,
      taken: 0,
    };
    if (slot.startTime < mine.first) mine.first = slot.startTime;
    if (slot.endTime > mine.last) mine.last = slot.endTime;
    if (slot.available) mine.free += 1;
    else mine.taken += 1;
    byId.set(slot.staffId, mine);
  }
  const order = [...names.keys()];
  return [...byId.values()].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
}
