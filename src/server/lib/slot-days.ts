import { addDays, wallClock } from '#shared/booking/calendar.ts';
import type { ConsultantService, VisitPlace } from '#shared/booking/consultant.ts';
import { consultantDays } from '#shared/booking/consultant-schedule.ts';
import type { Commitment } from '#shared/booking/day-frame.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import {
  readCalendarEntries,
  type BookingSetup,
  type CalendarEntry,
} from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import type { DriveMinutes, DriveTimes } from '#server/integrations/maps/drive-times.ts';
import { visitDrives } from './visit-drives';

/** Instants from the start of `from` to the end of `to` (days in the rules' time zone). */
export function rangeOf(from: string, to: string, timezone: string) {
  return {
    start: new Date(wallClock(from, 0, timezone)),
    end: new Date(wallClock(addDays(to, 1), 0, timezone)),
  };
}

/**
 * The calendar's bookings and holds (by their keys) as the consultants' commitments, one session's
 * holds and one booking (being moved) left out.
 */
export function commitmentsOf(
  entries: Map<string, CalendarEntry>,
  except: { sessionId?: string | undefined; bookingId?: string | undefined } = {},
): Commitment[] {
  const commitments: Commitment[] = [];
  for (const [key, entry] of entries) {
    if (except.sessionId && entry.sessionId === except.sessionId) continue;
    if (except.bookingId && key === `booking:${except.bookingId}`) continue;
    commitments.push({
      consultantId: entry.staffId,
      start: entry.start,
      end: entry.end,
      place: entry.place ?? null,
      expiresAt: entry.expiresAt ?? null,
    });
  }
  return commitments;
}

/**
 * The days of [from, to] for these rules, consultants and commitments (consultantDays); `drive`
 * as resolved by visitDrives (none: the estimator).
 */
export function scheduleDays(
  { rules, consultants, travelBufferMinutes }: BookingSetup,
  commitments: readonly Commitment[],
  { from, to }: { from: string; to: string },
  now: Date,
  serviceType?: ConsultantService,
  visit?: VisitPlace | null,
  drive?: DriveMinutes,
): BookingDay[] {
  return consultantDays({
    rules,
    consultants,
    commitments,
    travelBufferMinutes,
    now: now.getTime(),
    from,
    to,
    ...(serviceType && { serviceType }),
    // travel only for an onsite visit with its place (phone calls only avoid the drives)
    visit: serviceType === 'onsite' ? (visit ?? null) : null,
    ...(drive && { drive }),
  });
}

/**
 * The days of [from, to] under these rules and consultants, with the live bookings and holds: what
 * a customer sees (of `serviceType`; none: any). The admin's preview of draft rules reads the same
 * calendar through here.
 */
export async function slotDays(
  db: Db,
  setup: BookingSetup,
  range: { from: string; to: string },
  now: Date,
  options: {
    exceptSessionId?: string | undefined;
    /** A booking being moved: its own time and drives do not stand in its way. */
    exceptBookingId?: string | undefined;
    serviceType?: ConsultantService | undefined;
    visit?: VisitPlace | null;
    /** Where an onsite visit's drives come from (app.driveTimes); none: the estimator. */
    driveTimes?: DriveTimes | undefined;
  } = {},
): Promise<BookingDay[]> {
  const entries = await readCalendarEntries(
    db,
    rangeOf(range.from, range.to, setup.rules.timezone),
    now,
  );
  const commitments = commitmentsOf(entries, {
    sessionId: options.exceptSessionId,
    bookingId: options.exceptBookingId,
  });
  const { serviceType, visit } = options;
  const drives = await visitDrives(
    options.driveTimes,
    setup.consultants,
    commitments,
    serviceType,
    visit,
  );
  return scheduleDays(setup, commitments, range, now, serviceType, visit, drives?.drive);
}
