// Shared by the booking tests: staff, a one-day generateSlots and readable slot times.
import type { BookingDay } from './slot.contract';
import { generateSlots, type GenerateSlotsInput } from './slots';

export const alex = { id: 'staff-alex', name: 'Alex' };
export const billie = { id: 'staff-billie', name: 'Billie' };

type DayInput = Omit<GenerateSlotsInput, 'from' | 'to' | 'staff'> &
  Partial<Pick<GenerateSlotsInput, 'staff'>>;

/** generateSlots for one date (one staff member unless given). */
export function dayOf(date: string, input: DayInput): BookingDay {
  const [day] = generateSlots({ staff: [alex], ...input, from: date, to: date });
  if (!day) throw new Error(`no day for ${date}`);
  return day;
}

/** The distinct wall-clock start times of a day: ['08:00', '08:30', …]. */
export function startTimes(day: BookingDay): string[] {
  return [...new Set(day.slots.map((slot) => slot.startTime.slice(11, 16)))];
}

export function slotAt(day: BookingDay, staffId: string, time: string) {
  const slot = day.slots.find((s) => s.staffId === staffId && s.startTime.slice(11, 16) === time);
  if (!slot) throw new Error(`no ${time} slot for ${staffId} on ${day.date}`);
  return slot;
}

/** '08:00', '08:30', … for `count` slots from `first` (HH:mm), 30 minutes apart. */
export function halfHours(first: string, count: number): string[] {
  const [h = 0, m = 0] = first.split(':').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const minutes = h * 60 + m + i * 30;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}
