import type { z } from 'zod';
import {
  availabilityResponseSchema,
  type availabilityQuerySchema,
} from '#shared/booking/booking.contract.ts';
import { defaultBookingRules } from '#shared/booking/booking-rules.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import { nextBookingDate } from '#shared/booking/next-booking-date.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import type { Db } from '#server/db/client.ts';
import { findBusy, readBookingSetup } from '#server/db/booking-store.ts';
import type {
  AvailabilityCache,
  CachedAnswer,
  CalendarSnapshot,
} from '#server/lib/availability-cache.ts';
import { rangeOf } from '#server/lib/slot-days.ts';
import { readHorizonBusy } from './availability.repository';

type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

/**
 * Time moves answers too (lead times, the cutoff hour): one is reused for at most this long of
 * the app's clock, and never past the expiry of a hold it counts.
 */
const answerMaxAgeMs = 1000;

async function readSnapshot(db: Db, now: Date): Promise<CalendarSnapshot> {
  const { rules, staff } = await readBookingSetup(db);
  const today = dateIn(now, rules.timezone);
  const lastDay = addDays(today, rules.horizonDays);
  const range = rangeOf(today, lastDay, rules.timezone);
  const busy = await readHorizonBusy(db, range, now);
  const todayEndsAt = rangeOf(today, today, rules.timezone).end.getTime();
  return { readAt: now.getTime(), today, lastDay, todayEndsAt, rules, staff, ...busy };
}

/**
 * The days of [from, to] with each staff member's slots, clipped to the horizon (today … today +
 * horizonDays), from the cached calendar (ADR 024): the database is read once per write (or half
 * a second), and each distinct answer is worked out and serialised once.
 */
export async function cachedAvailability(
  cache: AvailabilityCache,
  db: Db,
  query: AvailabilityQuery,
  now: Date,
): Promise<CachedAnswer> {
  const at = now.getTime();
  const held = await cache.snapshot(
    () => readSnapshot(db, now),
    // no time-zone maths per request: the snapshot knows when its day ends
    (s) => at >= s.readAt && at < s.todayEndsAt,
  );
  const { rules, staff, today, lastDay, bookings, holds } = held.snapshot;
  const from = query.from && query.from > today ? query.from : today;
  const to = query.to && query.to < lastDay ? query.to : lastDay;
  const live = holds.filter((h) => h.expiresAt.getTime() > at);
  // only a session holding a slot sees another calendar than everyone else
  const own = query.sessionId && live.some((h) => h.sessionId === query.sessionId);
  const key = [from, to, query.serviceType, own ? query.sessionId : ''].join('|');
  return cache.answer(held, key, at, () => {
    const answer = { from, to, timezone: rules.timezone, serviceType: query.serviceType };
    const counted = own ? live.filter((h) => h.sessionId !== query.sessionId) : live;
    const days =
      from > to ? [] : generateSlots({ rules, staff, bookings, holds: counted, now, from, to });
    const expiries = counted.map((h) => h.expiresAt.getTime());
    return {
      // the route's response schema, as its serializer would have applied it
      body: availabilityResponseSchema.parse({ ...answer, days }),
      validUntil: Math.min(at + answerMaxAgeMs, ...expiries),
    };
  });
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
