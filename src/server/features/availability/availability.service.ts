import type { z } from 'zod';
import {
  availabilityResponseSchema,
  type availabilityQuerySchema,
} from '#shared/booking/booking.contract.ts';
import { defaultBookingRules } from '#shared/booking/booking-rules.ts';
import { bookingWindow } from '#shared/booking/booking-window.ts';
import { addDays, dateIn, hour } from '#shared/booking/calendar.ts';
import type { ConsultantService, VisitPlace } from '#shared/booking/consultant.ts';
import type { Commitment } from '#shared/booking/consultant-schedule.ts';
import { bookingDaySchema } from '#shared/booking/slot.contract.ts';
import type { Db } from '#server/db/client.ts';
import { visitOfSession } from '#server/db/booking-lookups.ts';
import { readBookingSetup, readCalendarEntries } from '#server/db/booking-store.ts';
import type { DriveMinutes, DriveTimes } from '#server/integrations/maps/drive-times.ts';
import type {
  AvailabilityCache,
  CachedAnswer,
  CachedDay,
  CalendarSnapshot,
} from '#server/lib/availability-cache.ts';
import { busyCommitments, takeBusy } from '#server/lib/busy-index.ts';
import { rangeOf, scheduleDays, slotDays } from '#server/lib/slot-days.ts';
import { visitDrives } from '#server/lib/visit-drives.ts';

type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

/**
 * Time moves answers too (lead times, the cutoff hour): a day within their reach is reused for at
 * most this long of the app's clock, and no day past the expiry of a hold it counts.
 */
const answerMaxAgeMs = 1000;
const answerHeadSchema = availabilityResponseSchema.omit({ days: true });

async function readSnapshot(db: Db, now: Date): Promise<CalendarSnapshot> {
  const { rules, consultants, travelBufferMinutes } = await readBookingSetup(db);
  const today = dateIn(now, rules.timezone);
  const lastDay = addDays(today, rules.horizonDays);
  const entries = await readCalendarEntries(db, rangeOf(today, lastDay, rules.timezone), now);
  const busy = takeBusy(entries);
  const todayEndsAt = rangeOf(today, today, rules.timezone).end.getTime();
  const { nextOpenDay } = bookingWindow(rules, now.getTime());
  const readAt = now.getTime();
  return {
    readAt,
    today,
    lastDay,
    todayEndsAt,
    nextOpenDay,
    rules,
    consultants,
    travelBufferMinutes,
    entries,
    busy,
  };
}

/**
 * Whether `date`'s slots stay as they are for the rest of today whatever the clock says: a day
 * after today and after the next open day (whose lead time follows the cutoff hour) that no
 * same-day lead time reaches before today ends.
 */
function clockFree(snapshot: CalendarSnapshot, date: string, dayStarts: number) {
  const { today, nextOpenDay, todayEndsAt, rules } = snapshot;
  if (date <= today || date === nextOpenDay) return false;
  return dayStarts >= todayEndsAt + rules.sameDayLeadTime * hour;
}

/**
 * `date` for `serviceType` as everyone sees it at `at`, or as `ownSession` does (its own holds left
 * free).
 */
function workDay(
  snapshot: CalendarSnapshot,
  date: string,
  at: number,
  serviceType: ConsultantService,
  ownSession?: string,
  visit?: VisitPlace | null,
  drive?: DriveMinutes,
) {
  const { entries, todayEndsAt } = snapshot;
  const range = rangeOf(date, date, snapshot.rules.timezone);
  const [start, end] = [range.start.getTime(), range.end.getTime()];
  const commitments = busyCommitments(snapshot.busy, start, end);
  let validUntil = clockFree(snapshot, date, start) ? todayEndsAt : at + answerMaxAgeMs;
  for (const entry of entries.values()) {
    if (entry.start >= end || entry.end <= start) continue;
    if (entry.expiresAt != null && entry.expiresAt <= at) continue;
    if (ownSession && entry.sessionId === ownSession) continue;
    if (entry.expiresAt != null) validUntil = Math.min(validUntil, entry.expiresAt);
    commitments.push({
      consultantId: entry.staffId,
      start: entry.start,
      end: entry.end,
      place: entry.place ?? null,
    });
  }
  const day = { from: date, to: date };
  const [slots] = scheduleDays(snapshot, commitments, day, new Date(at), serviceType, visit, drive);
  // the route's response schema, as its serializer would have applied it
  return { json: JSON.stringify(bookingDaySchema.parse(slots)), madeAt: at, validUntil };
}

/**
 * The drives of an onsite visit at `visit` over [from, to] (visitDrives): its place and those of
 * the live commitments of those days. Nothing is asked without a visit (phone, or no address).
 */
function drivesOver(
  snapshot: CalendarSnapshot,
  range: { from: string; to: string },
  at: number,
  visit: VisitPlace | null,
  driveTimes: DriveTimes | undefined,
) {
  if (!visit || driveTimes?.source !== 'google') return undefined;
  const { start, end } = rangeOf(range.from, range.to, snapshot.rules.timezone);
  const commitments: Commitment[] = [];
  for (const entry of snapshot.entries.values()) {
    if (!entry.place || entry.start >= end.getTime() || entry.end <= start.getTime()) continue;
    if (entry.expiresAt != null && entry.expiresAt <= at) continue;
    const { start: from, end: to, place } = entry;
    commitments.push({ consultantId: entry.staffId, start: from, end: to, place });
  }
  return visitDrives(driveTimes, snapshot.consultants, commitments, 'onsite', visit);
}

/** The dates of the live holds of `sessionId`: the days it sees otherwise than everyone else. */
function ownDates(snapshot: CalendarSnapshot, sessionId: string | undefined, at: number) {
  const dates = new Set<string>();
  if (!sessionId) return dates;
  for (const entry of snapshot.entries.values()) {
    if (entry.sessionId !== sessionId || (entry.expiresAt ?? 0) <= at) continue;
    dates.add(dateIn(new Date(entry.start), snapshot.rules.timezone));
    dates.add(dateIn(new Date(entry.end - 1), snapshot.rules.timezone));
  }
  return dates;
}

/**
 * The days of [from, to] with each staff member's slots, clipped to the horizon (today … today +
 * horizonDays), from the cached calendar (ADR 024, ADR 051): the database is read once, then each
 * change is applied as notified; each day is worked out once until a change touches it, and each
 * distinct answer is serialised once.
 */
export async function cachedAvailability(
  cache: AvailabilityCache,
  db: Db,
  query: AvailabilityQuery,
  now: Date,
  /** Where an onsite visit's drives come from (app.driveTimes); none: the estimator. */
  driveTimes?: DriveTimes,
): Promise<CachedAnswer> {
  const at = now.getTime();
  const held = await cache.snapshot(
    () => readSnapshot(db, now),
    // no time-zone maths per request: the snapshot knows when its day ends
    (s) => at >= s.readAt && at < s.todayEndsAt,
  );
  const { snapshot } = held;
  const from = query.from && query.from > snapshot.today ? query.from : snapshot.today;
  const to = query.to && query.to < snapshot.lastDay ? query.to : snapshot.lastDay;
  // only a session holding a slot sees another calendar than everyone else, on its hold's days;
  // and an onsite visit's times depend on its place (the drives): worked out per place, every day
  const own = ownDates(snapshot, query.sessionId, at);
  const visit =
    query.serviceType === 'onsite' && query.sessionId
      ? await visitOfSession(db, query.sessionId)
      : null;
  const place = visit ? `${visit.lat},${visit.lng},${visit.postcode ?? ''}` : '';
  // the route matrix (with the key) before the answer: a pair already known costs no call
  const drives = await drivesOver(snapshot, { from, to }, at, visit, driveTimes);
  // the session matters only for its own holds: customers at one place share the answer
  const mine = own.size ? query.sessionId : '';
  const key = [from, to, query.serviceType, mine, place].join('|');
  return cache.answer(held, key, at, () => {
    const head = answerHeadSchema.parse({
      from,
      to,
      timezone: snapshot.rules.timezone,
      serviceType: query.serviceType,
    });
    const days: CachedDay[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      days.push(
        own.has(date) || visit
          ? workDay(snapshot, date, at, query.serviceType, query.sessionId, visit, drives?.drive)
          : cache.day(held, date, query.serviceType, at, () =>
              workDay(snapshot, date, at, query.serviceType),
            ),
      );
    }
    const list = days.map((day) => day.json).join(',');
    // made with estimates while Google failed: asked again soon rather than kept for the day
    const retryBy = drives?.degraded ? at + answerMaxAgeMs : snapshot.todayEndsAt;
    return {
      json: `${JSON.stringify(head).slice(0, -1)},"days":[${list}]}`,
      validUntil: Math.min(...days.map((day) => day.validUntil), retryBy),
    };
  });
}

/** The first date of the horizon with a free slot (tomorrow when there is none). */
export async function firstBookableDate(db: Db, now: Date): Promise<string> {
  const setup = await readBookingSetup(db);
  const today = dateIn(now, setup.rules.timezone);
  const range = { from: today, to: addDays(today, setup.rules.horizonDays) };
  const days = await slotDays(db, setup, range, now);
  return days.find((d) => d.slots.some((slot) => slot.available))?.date ?? addDays(today, 1);
}

/** Spec §9: tomorrow in Melbourne when the next booking date cannot be worked out. */
export function fallbackBookingDate(now: Date): string {
  return addDays(dateIn(now, defaultBookingRules.timezone), 1);
}
