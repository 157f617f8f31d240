import { bookingRulesSchema, type BookingRules, type BookingRulesInput } from './booking-rules';
import { bookingWindow, earliestStart, slotGrid, type BookingWindow } from './booking-window';
import {
  addDays,
  assertDate,
  daysBetween,
  offsetIsoFormatter,
  toInstant,
  toOffsetIso,
} from './calendar';
import { calendarClosure, victorianPublicHoliday } from './closed-days';
import type { BookingDay, ClosedReason, TimeSlot } from './slot.contract';

export interface StaffMember {
  id: string;
  name?: string;
}

/** A live booking or a hold of one staff member. Strings must carry their offset. */
export interface BusyInterval {
  staffId: string;
  startTime: Date | string;
  endTime: Date | string;
  /** Holds expire: one with expiresAt ≤ now no longer blocks anything. */
  expiresAt?: Date | string | null;
}

export interface SlotsInput {
  rules?: BookingRulesInput;
  staff: readonly StaffMember[];
  bookings?: readonly BusyInterval[];
  holds?: readonly BusyInterval[];
  now: Date | string;
}

export interface GenerateSlotsInput extends SlotsInput {
  /** First and last Melbourne calendar date (YYYY-MM-DD), inclusive. */
  from: string;
  to: string;
}

const maxDays = 366;

type Busy = Map<string, { start: number; end: number }[]>;

function busyByStaff(intervals: readonly BusyInterval[], now: number): Busy {
  const busy: Busy = new Map();
  for (const interval of intervals) {
    if (interval.expiresAt && toInstant(interval.expiresAt, 'hold expiry') <= now) continue;
    const list = busy.get(interval.staffId) ?? [];
    list.push({
      start: toInstant(interval.startTime, 'startTime'),
      end: toInstant(interval.endTime, 'endTime'),
    });
    busy.set(interval.staffId, list);
  }
  return busy;
}

function isFree(busy: Busy, staffId: string, start: number, end: number): boolean {
  // Overlap, not equal starts: a 09:15–10:15 booking takes the 09:00, 09:30 and 10:00 slots.
  return !(busy.get(staffId) ?? []).some((b) => b.start < end && b.end > start);
}

function closedReason(date: string, rules: BookingRules, window: BookingWindow) {
  if (date < window.today || date > window.lastDay) return 'outside-horizon';
  return (
    calendarClosure(date, rules) ??
    (date === window.today && window.pastCutoff ? 'past-cutoff' : null)
  );
}

/**
 * A staff member's place in one slot of the grid: free, taken (shown, not bookable), or absent
 * (not theirs to offer: off, outside their hours, not a service they do).
 */
export type SlotState = 'free' | 'taken' | 'absent';
export type SlotStateOf = (member: StaffMember, start: number, end: number) => SlotState;

/** One slot of the grid a date offers: its instants and their offset ISO strings. */
export interface GridSlot {
  start: number;
  end: number;
  startTime: string;
  endTime: string;
}

/** A date under the rules and the clock (`window`): closed with its reason, or the slots it offers. */
export function offeredGrid(
  date: string,
  rules: BookingRules,
  window: BookingWindow,
): { closedReason: ClosedReason | null; holidayName: string | null; offered: GridSlot[] } {
  const holidayName = victorianPublicHoliday(date);
  const closed: ClosedReason | null = closedReason(date, rules, window);
  if (closed) return { closedReason: closed, holidayName, offered: [] };

  const earliest = earliestStart(date, rules, window);
  const grid = slotGrid(date, rules).filter((slot) => slot.start >= earliest);
  // An open day whose every slot is inside the lead time is, for the customer, too late to book.
  if (grid.length === 0) return { closedReason: 'past-cutoff', holidayName, offered: [] };

  const iso = offsetIsoFormatter(rules.timezone, grid[0]!.start, grid.at(-1)!.end);
  const offered = grid.map(({ start, end }) => ({
    start,
    end,
    startTime: iso(start),
    endTime: iso(end),
  }));
  return { closedReason: null, holidayName, offered };
}

/**
 * One date of the grid under the rules and the clock (`window`): closed with its reason, or each
 * offered slot with the staff members `stateOf` does not leave out.
 */
export function daySlots(
  date: string,
  rules: BookingRules,
  window: BookingWindow,
  staff: readonly StaffMember[],
  stateOf: SlotStateOf,
): BookingDay {
  const { closedReason, holidayName, offered } = offeredGrid(date, rules, window);
  const slots = offered.flatMap(({ start, end, startTime, endTime }) =>
    staff.flatMap((member): TimeSlot[] => {
      const state = stateOf(member, start, end);
      if (state === 'absent') return [];
      const id = `${member.id}:${startTime}`;
      return [{ id, startTime, endTime, available: state === 'free', staffId: member.id }];
    }),
  );
  return { date, closedReason, holidayName, slots };
}

/**
 * The days from `from` to `to` with each staff member's slots. Taken slots stay in the list with
 * available=false; a closed day has no slots and says why. Pure: `now` is an input.
 */
export function generateSlots(input: GenerateSlotsInput): BookingDay[] {
  const rules = bookingRulesSchema.parse(input.rules ?? {});
  const now = toInstant(input.now, 'now');
  const count = daysBetween(assertDate(input.from), assertDate(input.to)) + 1;
  if (count > maxDays) throw new RangeError(`At most ${maxDays} days at a time`);

  const window = bookingWindow(rules, now);
  const busy = busyByStaff([...(input.bookings ?? []), ...(input.holds ?? [])], now);
  const stateOf: SlotStateOf = (member, start, end) =>
    isFree(busy, member.id, start, end) ? 'free' : 'taken';
  return Array.from({ length: Math.max(count, 0) }, (_, i) =>
    daySlots(addDays(input.from, i), rules, window, input.staff, stateOf),
  );
}

/** The slot grid of a date as offset ISO strings, whether the day is open or not. */
export function slotBounds(
  date: string,
  rules: BookingRulesInput = {},
): { startTime: string; endTime: string }[] {
  const parsed = bookingRulesSchema.parse(rules);
  return slotGrid(assertDate(date), parsed).map(({ start, end }) => ({
    startTime: toOffsetIso(start, parsed.timezone),
    endTime: toOffsetIso(end, parsed.timezone),
  }));
}
