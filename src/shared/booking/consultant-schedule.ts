import { bookingRulesSchema, type BookingRulesInput } from './booking-rules';
import { bookingWindow } from './booking-window';
import { addDays, assertDate, daysBetween } from './calendar';
import type { ConsultantService, SchedulingConsultant, VisitPlace } from './consultant';
import { dayFrame, frameDay, type Commitment } from './day-frame';
import type { BookingDay } from './slot.contract';
import { driveMinutes, type LatLng } from '#shared/pricing/travel.ts';

// Issue 28, ARCHITECTURE.md "Consultants" and "Travel": which consultant can take which slot of
// the grid, with their own hours, time off, services and territory, and the drives between
// onsite visits. Pure: the clock, the calendar and the drive estimate are inputs.

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

const maxDays = 366;

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
  const bufferMs = (input.travelBufferMinutes ?? 15) * 60_000;
  const window = bookingWindow(rules, now);
  const live = input.commitments.filter((c) => c.expiresAt == null || c.expiresAt > now);
  const staff = scheduledStaff(input.consultants, serviceType);
  const drive = (from: LatLng, to: LatLng) => (input.drive ?? driveMinutes)(from, to) * 60_000;
  return Array.from({ length: Math.max(count, 0) }, (_, i) => {
    const date = addDays(input.from, i);
    const frame = dayFrame({ rules, window, staff, commitments: live, date, bufferMs, drive });
    return frameDay(frame, { serviceType, visit, bufferMs, drive: input.drive });
  });
}

/** The consultants a schedule of `serviceType` (none: any) is made of: active, doing it. */
export function scheduledStaff(
  consultants: readonly SchedulingConsultant[],
  serviceType: ConsultantService | undefined,
) {
  return consultants.filter((c) => c.active && (!serviceType || c.services.includes(serviceType)));
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
