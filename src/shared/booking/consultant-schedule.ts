import { bookingRulesSchema, minutesOfDay, type BookingRulesInput } from './booking-rules';
import { bookingWindow } from './booking-window';
import { addDays, assertDate, daysBetween, wallClock, weekday } from './calendar';
import {
  weekdayKeys,
  type ConsultantService,
  type SchedulingConsultant,
  type VisitPlace,
} from './consultant';
import type { BookingDay } from './slot.contract';
import { daySlots, type SlotState } from './slots';
import { driveMinutes, haversineKm, type LatLng } from '#shared/pricing/travel.ts';

// Issue 28, ARCHITECTURE.md "Consultants" and "Travel": which consultant can take which slot of
// the grid, with their own hours, time off, services and territory, and the drives between
// onsite visits. Pure: the clock, the calendar and the drive estimate are inputs.

/** A booking or unexpired hold of a consultant; an onsite one has the visit's place. */
export interface Commitment {
  consultantId: string;
  start: number;
  end: number;
  place: LatLng | null;
  /** A hold lapses then (epoch ms); a booking has none. */
  expiresAt?: number | null;
}

export interface ConsultantDaysInput {
  rules?: BookingRulesInput;
  consultants: readonly SchedulingConsultant[];
  commitments: readonly Commitment[];
  now: number;
  /** First and last date (YYYY-MM-DD in the rules' time zone), inclusive. */
  from: string;
  to: string;
  /** Only consultants doing it; none: everyone (a staff view of the whole calendar). */
  serviceType?: ConsultantService;
  /** Onsite: where the visit would be; without it onsite slots are worked out without travel. */
  visit?: VisitPlace | null;
  /** Added to every drive (booking rule onsiteTravelBufferMinutes, default 15). */
  travelBufferMinutes?: number;
  /** One-way drive in minutes (default: the estimator the estimate uses). */
  drive?: (from: LatLng, to: LatLng) => number;
}

const minute = 60_000;
const maxDays = 366;

/** Whether the territory (none: anywhere) takes in the visit. */
export function inTerritory(consultant: SchedulingConsultant, visit: VisitPlace): boolean {
  const { territory, base } = consultant;
  if (!territory) return true;
  if ('postcodes' in territory)
    return !!visit.postcode && territory.postcodes.includes(visit.postcode);
  return haversineKm(base, visit) <= territory.radiusKm;
}

/** The instants of the consultant's working ranges on `date` (wall time in `timezone`). */
export function workingRanges(consultant: SchedulingConsultant, date: string, timezone: string) {
  const off = consultant.timeOff.some((range) => date >= range.from && date <= range.to);
  if (off) return [];
  const ranges = consultant.weeklyHours[weekdayKeys[weekday(date)]!];
  return ranges.map((range) => ({
    start: wallClock(date, minutesOfDay(range.start), timezone),
    end: wallClock(date, minutesOfDay(range.end), timezone),
  }));
}

const overlaps = (a: { start: number; end: number }, start: number, end: number) =>
  a.start < end && a.end > start;

/**
 * The days of [from, to] with, in each slot of the grid, the consultants who could take it:
 * free, or taken (by a booking, a hold, or the drive to or from an onsite visit). A consultant
 * outside their hours, off, not doing the service or (onsite) outside their territory is left
 * out of the slot. The slot ids and staffId keep the spec's shape (the consultant's id).
 */
export function consultantDays(input: ConsultantDaysInput): BookingDay[] {
  const rules = bookingRulesSchema.parse(input.rules ?? {});
  const count = daysBetween(assertDate(input.from), assertDate(input.to)) + 1;
  if (count > maxDays) throw new RangeError(`At most ${maxDays} days at a time`);
  const { serviceType, visit = null, now } = input;
  const buffer = (input.travelBufferMinutes ?? 15) * minute;
  const drive = (from: LatLng, to: LatLng) => (input.drive ?? driveMinutes)(from, to) * minute;
  const window = bookingWindow(rules, now);
  const live = input.commitments.filter((c) => c.expiresAt == null || c.expiresAt > now);
  const staff = input.consultants.filter(
    (c) =>
      c.active &&
      (!serviceType || c.services.includes(serviceType)) &&
      (serviceType !== 'onsite' || !visit || inTerritory(c, visit)),
  );
  const byId = new Map(staff.map((c) => [c.id, c]));

  return Array.from({ length: Math.max(count, 0) }, (_, i) => {
    const date = addDays(input.from, i);
    const dayStart = wallClock(date, 0, rules.timezone);
    const dayEnd = wallClock(addDays(date, 1), 0, rules.timezone);
    const plans = new Map(
      staff.map((c) => {
        const own = live
          .filter((x) => x.consultantId === c.id && overlaps(x, dayStart, dayEnd))
          .sort((a, b) => a.start - b.start);
        return [c.id, dayPlan(c, own, workingRanges(c, date, rules.timezone), buffer, drive)];
      }),
    );
    return daySlots(date, rules, window, staff, (member, start, end): SlotState => {
      const plan = plans.get(member.id)!;
      const consultant = byId.get(member.id)!;
      const hours = plan.hours.find((r) => r.start <= start && r.end >= end);
      if (!hours) return 'absent';
      if (plan.own.some((c) => overlaps(c, start, end))) return 'taken';
      if (serviceType === 'phone' || !visit) {
        // a phone call cannot fall inside a drive to an onsite visit
        return plan.drives.some((d) => overlaps(d, start, end)) ? 'taken' : 'free';
      }
      return onsiteFits(consultant, plan, { start, end }, visit, hours.start, buffer, drive)
        ? 'free'
        : 'taken';
    });
  });
}

interface DayPlan {
  hours: { start: number; end: number }[];
  /** The day's live commitments, by start. */
  own: Commitment[];
  /** The drive (and buffer) before each onsite visit, from the one before it or the base. */
  drives: { start: number; end: number }[];
}

function dayPlan(
  consultant: SchedulingConsultant,
  own: Commitment[],
  hours: { start: number; end: number }[],
  buffer: number,
  drive: (from: LatLng, to: LatLng) => number,
): DayPlan {
  const drives: DayPlan['drives'] = [];
  let from: LatLng = consultant.base;
  for (const commitment of own) {
    if (!commitment.place) continue;
    drives.push({
      start: commitment.start - drive(from, commitment.place) - buffer,
      end: commitment.start,
    });
    from = commitment.place;
  }
  return { hours, own, drives };
}

/**
 * An onsite visit at `place` in `slot` fits when the drive to it (from the last onsite visit
 * before it that day, else the base; not before the working range starts) and the drive on to the
 * next onsite visit cross no other commitment, and that next visit is still reached in time.
 */
function onsiteFits(
  consultant: SchedulingConsultant,
  plan: DayPlan,
  slot: { start: number; end: number },
  place: LatLng,
  rangeStart: number,
  buffer: number,
  drive: (from: LatLng, to: LatLng) => number,
): boolean {
  const before = plan.own.filter((c) => c.end <= slot.start && c.place);
  const from = before.at(-1)?.place ?? consultant.base;
  const leaveAt = slot.start - drive(from, place) - buffer;
  if (!before.length && leaveAt < rangeStart) return false;
  if (plan.own.some((c) => overlaps(c, leaveAt, slot.start))) return false;
  const next = plan.own.find((c) => c.start >= slot.end && c.place);
  if (!next?.place) return true;
  const arriveBy = slot.end + drive(place, next.place) + buffer;
  return arriveBy <= next.start && !plan.own.some((c) => overlaps(c, slot.end, arriveBy));
}

/** What the choice of a consultant weighs: their bookings that day and their latest booking. */
export interface ConsultantLoad {
  bookingsThatDay: number;
  /** When their most recent booking was made (epoch ms); null for none. */
  lastBookedAt: number | null;
}

/**
 * The consultants free in a customer's chosen slot, in the order it goes to them: the fewest
 * bookings that day, then the least recently booked, then by id (so the same state always gives
 * the same order). The next is tried when another request wins the first.
 */
export function rankConsultants(
  free: readonly string[],
  load: (consultantId: string) => ConsultantLoad,
): string[] {
  return [...free]
    .map((id) => ({ id, ...load(id) }))
    .sort(
      (a, b) =>
        a.bookingsThatDay - b.bookingsThatDay ||
        (a.lastBookedAt ?? -Infinity) - (b.lastBookedAt ?? -Infinity) ||
        a.id.localeCompare(b.id),
    )
    .map((c) => c.id);
}

/** The consultant a customer's chosen slot goes to (rankConsultants' first). */
export function chooseConsultant(
  free: readonly string[],
  load: (consultantId: string) => ConsultantLoad,
): string | undefined {
  return rankConsultants(free, load)[0];
}
