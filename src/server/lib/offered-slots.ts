import { dateIn } from '#shared/booking/calendar.ts';
import { rankConsultants } from '#shared/booking/consultant-schedule.ts';
import type { ConsultantService, VisitPlace } from '#shared/booking/consultant.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import type { TimeSlot } from '#shared/booking/slot.contract.ts';
import { consultantLoads } from '#server/db/booking-lookups.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import type { DriveTimes } from '#server/integrations/maps/drive-times.ts';
import { HttpError } from './http-error';
import { rangeOf, slotDays } from './slot-days';

const dayMs = 24 * 60 * 60_000;

/**
 * A coarse bound before any calendar maths: an instant days outside today … today + horizon is
 * never a slot, and one far away (9999-12-31T23:59:59Z is year 10000 in Melbourne) would take the
 * date maths out of range. the schedule decides exactly for the instants within.
 */
function nearHorizon(start: number, horizonDays: number, now: Date): boolean {
  return start >= now.getTime() - dayMs && start <= now.getTime() + (horizonDays + 2) * dayMs;
}

/**
 * The slots the booking rules offer at `startTime` right now (one per consultant working then), as
 * /api/availability shows them: a hold and a staff member moving a booking get exactly the
 * customer's choices. Empty when that instant is no slot at all. `sessionId`: that session's own
 * hold does not make its slot busy (it is moving or renewing it).
 */
export async function offeredSlotsAt(
  db: Db,
  input: {
    startTime: string;
    staffId?: string | undefined;
    sessionId?: string | undefined;
    /** A booking being moved: left out of its consultant's day. */
    bookingId?: string | undefined;
    serviceType?: ConsultantService | undefined;
    /** An onsite visit's place: only consultants who can drive there (and on) in time. */
    visit?: VisitPlace | null;
    /** Where the drives come from (app.driveTimes); none: the estimator. */
    driveTimes?: DriveTimes | undefined;
  },
  now: Date,
) {
  const setup = await readBookingSetup(db);
  const { rules, consultants } = setup;
  if (input.staffId && !consultants.some((s) => s.id === input.staffId)) {
    const message = bookingMessages.unknownStaff;
    throw HttpError.badRequest(message, { staffId: message });
  }
  const start = Date.parse(input.startTime);
  if (!nearHorizon(start, rules.horizonDays, now)) return { slots: [], timezone: rules.timezone };
  const date = dateIn(new Date(start), rules.timezone);
  const [day] = await slotDays(db, setup, { from: date, to: date }, now, {
    exceptSessionId: input.sessionId,
    exceptBookingId: input.bookingId,
    serviceType: input.serviceType,
    visit: input.visit ?? null,
    driveTimes: input.driveTimes,
  });
  const slots = (day?.slots ?? []).filter(
    (slot) =>
      Date.parse(slot.startTime) === start && (!input.staffId || slot.staffId === input.staffId),
  );
  return { slots, timezone: rules.timezone };
}

/** The free slots of one time, in the order the consultants get them (rankConsultants). */
export async function inOrderOfLoad(db: Db, free: TimeSlot[], timezone: string) {
  if (free.length < 2) return free;
  const date = dateIn(new Date(free[0]!.startTime), timezone);
  const loads = await consultantLoads(
    db,
    free.map((s) => s.staffId),
    rangeOf(date, date, timezone),
  );
  const none = { bookingsThatDay: 0, lastBookedAt: null };
  const order = rankConsultants(
    free.map((s) => s.staffId),
    (id) => loads.get(id) ?? none,
  );
  return order.map((id) => free.find((s) => s.staffId === id)!);
}
