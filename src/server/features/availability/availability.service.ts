import type { z } from 'zod';
import type {
  Availability,
  availabilityQuerySchema,
  bookingRulesResponseSchema,
} from '../../../shared/booking/booking.contract';
import { defaultBookingRules } from '../../../shared/booking/booking-rules';
import { addDays, dateIn, wallClock } from '../../../shared/booking/calendar';
import { nextBookingDate } from '../../../shared/booking/next-booking-date';
import type { BookingDay } from '../../../shared/booking/slot.contract';
import { generateSlots } from '../../../shared/booking/slots';
import type { Db } from '../../db/client';
import { findBusy, readBookingSetup, type BookingSetup } from '../../db/booking-store';

type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

/** Instants from the start of `from` to the end of `to` (Melbourne days). */
function rangeOf(from: string, to: string, timezone: string) {
  return {
    start: new Date(wallClock(from, 0, timezone)),
    end: new Date(wallClock(addDays(to, 1), 0, timezone)),
  };
}

/**
 * The days of [from, to] with each staff member's slots. The range is clipped to the horizon
 * (today … today + horizonDays), so a request never reads more than about a month of bookings.
 */
export async function availability(
  db: Db,
  query: AvailabilityQuery,
  now: Date,
): Promise<Availability> {
  const { rules, staff } = await readBookingSetup(db);
  const today = dateIn(now, rules.timezone);
  const lastDay = addDays(today, rules.horizonDays);
  const from = query.from && query.from > today ? query.from : today;
  const to = query.to && query.to < lastDay ? query.to : lastDay;
  const answer = { from, to, timezone: rules.timezone, serviceType: query.serviceType };
  if (from > to) return { ...answer, days: [] };
  // Phone and onsite consultations take the same staff and slots; the type is kept for the UI.
  const days = await slotDays(db, { rules, staff }, { from, to }, now, query.sessionId);
  return { ...answer, days };
}

/**
 * The days of [from, to] under these rules and staff, with the live bookings and holds: what a
 * customer sees. The admin's preview passes draft rules here, so both read the same calendar.
 */
export async function slotDays(
  db: Db,
  { rules, staff }: BookingSetup,
  { from, to }: { from: string; to: string },
  now: Date,
  exceptSessionId?: string,
): Promise<BookingDay[]> {
  const busy = await findBusy(db, rangeOf(from, to, rules.timezone), now, exceptSessionId);
  return generateSlots({ rules, staff, ...busy, now, from, to });
}

/** The first date of the horizon with a free slot (tomorrow when there is none). */
export async function firstBookableDate(db: Db, now: Date): Promise<string> {
  const { rules, staff } = await readBookingSetup(db);
  const today = dateIn(now, rules.timezone);
  const range = rangeOf(today, addDays(today, rules.horizonDays), rules.timezone);
  const busy = await findBusy(db, range, now);
  return nextBookingDate({ rules, staff, ...busy, now });
}

/** Spec §9: tomorrow in Melbourne when the next booking date cannot be worked out. */
export function fallbackBookingDate(now: Date): string {
  return addDays(dateIn(now, defaultBookingRules.timezone), 1);
}

export async function bookingRulesView(
  db: Db,
): Promise<z.infer<typeof bookingRulesResponseSchema>> {
  const { rules: r } = await readBookingSetup(db);
  return {
    rules: {
      cutoff_hour: { value: r.cutoffHour },
      same_day_lead_time: { value: r.sameDayLeadTime },
      next_day_lead_time: { value: r.nextDayLeadTime },
      allow_weekends: { value: r.allowWeekends },
      timezone: { value: r.timezone },
      first_slot: { value: r.firstSlot },
      slots_per_day: { value: r.slotsPerDay },
      slot_minutes: { value: r.slotMinutes },
      blackout_dates: { value: r.blackoutDates },
      horizon_days: { value: r.horizonDays },
    },
  };
}
