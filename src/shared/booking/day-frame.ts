import { minutesOfDay, type BookingRules } from './booking-rules';
import type { BookingWindow } from './booking-window';
import { addDays, wallClock, weekday } from './calendar';
import {
  weekdayKeys,
  type ConsultantService,
  type SchedulingConsultant,
  type VisitPlace,
} from './consultant';
import type { BookingDay, ClosedReason, TimeSlot } from './slot.contract';
import { offeredGrid } from './slots';
import { driveMinutes, haversineKm, type LatLng } from '#shared/pricing/travel.ts';

// One date of the consultants' schedule in two steps (issue 28, ADR 054): the frame, which is the
// same wherever an onsite visit would be (the grid, each consultant's hours, bookings, holds, busy
// times and the drives between their visits), then the visit's place, which only decides whether
// the drives to and from it fit. The booking page works a frame out once per date and serves every
// place from it.

/** A booking or unexpired hold of a consultant; an onsite one has the visit's place. */
export interface Commitment {
  consultantId: string;
  start: number;
  end: number;
  place: LatLng | null;
  /** A hold lapses then (epoch ms); a booking has none. */
  expiresAt?: number | null;
}

/** An onsite commitment: one with its place. */
type Placed = Commitment & { place: LatLng };

/** One-way drive in epoch ms between two places. */
type DriveMs = (from: LatLng, to: LatLng) => number;

const minute = 60_000;

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

interface DayPlan {
  /** The day's live commitments, by start. */
  own: Commitment[];
  /** The drive (and buffer) before each onsite visit, from the one before it or the base. */
  drives: { start: number; end: number }[];
}

/** One consultant in one offered slot, before an onsite visit's place is known. */
export interface FrameCell {
  slot: Omit<TimeSlot, 'available'>;
  consultant: SchedulingConsultant;
  plan: DayPlan;
  start: number;
  end: number;
  /** Where the working range holding the slot starts: no drive to a first visit before it. */
  rangeStart: number;
  /** Where a visit in the slot is driven from: the onsite visit before it that day, else the base. */
  from: LatLng;
  /** No onsite visit before it that day (the drive starts within the working range). */
  firstOfDay: boolean;
  /** The onsite visit after it that day, reached from the slot's place in time. */
  next: Placed | undefined;
  /** A commitment of theirs overlaps the slot: taken wherever the visit is. */
  taken: boolean;
  /** A drive to one of their onsite visits crosses it: what a call (or no place) must avoid. */
  onTheRoad: boolean;
}

export interface DayFrame {
  date: string;
  closedReason: ClosedReason | null;
  holidayName: string | null;
  /** Slot by slot, each consultant of the service working then. */
  cells: FrameCell[];
}

export interface DayFrameInput {
  rules: BookingRules;
  window: BookingWindow;
  /** Active and doing the service asked for. */
  staff: readonly SchedulingConsultant[];
  /** Live ones (lapsed holds left out); any dates. */
  commitments: readonly Commitment[];
  date: string;
  bufferMs: number;
  /** For the drives between a consultant's own visits. */
  drive: DriveMs;
}

/** The frame of `date`: everything but an onsite visit's own drives. */
export function dayFrame(input: DayFrameInput): DayFrame {
  const { rules, window, staff, date, bufferMs, drive } = input;
  const { closedReason, holidayName, offered } = offeredGrid(date, rules, window);
  const frame: DayFrame = { date, closedReason, holidayName, cells: [] };
  if (!offered.length) return frame;
  const dayStart = wallClock(date, 0, rules.timezone);
  const dayEnd = wallClock(addDays(date, 1), 0, rules.timezone);
  const plans = staff.map((consultant) => {
    const own = input.commitments
      .filter((c) => c.consultantId === consultant.id && overlaps(c, dayStart, dayEnd))
      .sort((a, b) => a.start - b.start);
    const hours = workingRanges(consultant, date, rules.timezone);
    return { consultant, hours, plan: dayPlan(consultant, own, bufferMs, drive) };
  });
  for (const { start, end, startTime, endTime } of offered) {
    for (const { consultant, hours, plan } of plans) {
      const range = hours.find((r) => r.start <= start && r.end >= end);
      if (!range) continue;
      const before = plan.own.filter((c) => c.end <= start && c.place).at(-1);
      frame.cells.push({
        slot: { id: `${consultant.id}:${startTime}`, startTime, endTime, staffId: consultant.id },
        consultant,
        plan,
        start,
        end,
        rangeStart: range.start,
        from: before?.place ?? consultant.base,
        firstOfDay: !before,
        next: plan.own.find(
          (c): c is FrameCell['next'] & Commitment => c.start >= end && !!c.place,
        ),
        taken: plan.own.some((c) => overlaps(c, start, end)),
        onTheRoad: plan.drives.some((d) => overlaps(d, start, end)),
      });
    }
  }
  return frame;
}

function dayPlan(
  consultant: SchedulingConsultant,
  own: Commitment[],
  bufferMs: number,
  drive: DriveMs,
): DayPlan {
  const drives: DayPlan['drives'] = [];
  let from: LatLng = consultant.base;
  for (const commitment of own) {
    if (!commitment.place) continue;
    drives.push({
      start: commitment.start - drive(from, commitment.place) - bufferMs,
      end: commitment.start,
    });
    from = commitment.place;
  }
  return { own, drives };
}

export interface FrameVisit {
  serviceType?: ConsultantService | undefined;
  /** Onsite: where the visit would be; none: the frame's own answer (no drives of the visit). */
  visit: VisitPlace | null;
  bufferMs: number;
  /** One-way drive in minutes (default: the estimator). */
  drive?: ((from: LatLng, to: LatLng) => number) | undefined;
}

/** The day of `frame` for a visit at `visit.visit` (or none): the slots with who is free. */
export function frameDay(
  frame: DayFrame,
  { serviceType, visit, bufferMs, drive }: FrameVisit,
): BookingDay {
  const { date, closedReason, holidayName } = frame;
  const minutes = drive ?? driveMinutes;
  // a day's cells share a few places to drive from and to (bases, visits): each drive worked once
  const there = new Map<LatLng, number>();
  const back = new Map<LatLng, number>();
  const driveMs = (from: LatLng, to: LatLng) => {
    const known = to === visit ? there : back;
    const other = to === visit ? from : to;
    let ms = known.get(other);
    if (ms === undefined) known.set(other, (ms = minutes(from, to) * minute));
    return ms;
  };
  const onsite = serviceType === 'onsite' && visit;
  const slots: TimeSlot[] = [];
  for (const cell of frame.cells) {
    if (onsite && !inTerritory(cell.consultant, visit)) continue;
    const available =
      !cell.taken && (onsite ? onsiteFits(cell, visit, bufferMs, driveMs) : !cell.onTheRoad);
    const { id, startTime, endTime, staffId } = cell.slot;
    slots.push({ id, startTime, endTime, available, staffId });
  }
  return { date, closedReason, holidayName, slots };
}

/**
 * An onsite visit at `place` in the cell's slot fits when the drive to it (from the last onsite
 * visit before it that day, else the base; not before the working range starts) and the drive on
 * to the next onsite visit cross no other commitment, and that next visit is still reached in time.
 */
function onsiteFits(cell: FrameCell, place: LatLng, bufferMs: number, drive: DriveMs): boolean {
  const { plan, start, end, next } = cell;
  const leaveAt = start - drive(cell.from, place) - bufferMs;
  if (cell.firstOfDay && leaveAt < cell.rangeStart) return false;
  if (plan.own.some((c) => overlaps(c, leaveAt, start))) return false;
  if (!next) return true;
  const arriveBy = end + drive(place, next.place) + bufferMs;
  return arriveBy <= next.start && !plan.own.some((c) => overlaps(c, end, arriveBy));
}
