import type { z } from 'zod';
import type { Availability, availabilityQuerySchema } from '#shared/booking/booking.contract.ts';
import { defaultBookingRules } from '#shared/booking/booking-rules.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { nextBookingDate } from '#shared/booking/next-booking-date.ts';
import type { Db } from '#server/db/client.ts';
import { findBusy, readBookingSetup } from '#server/db/booking-store.ts';
import { rangeOf, slotDays } from '#server/lib/slot-days.ts';

type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

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
