import type { z } from 'zod';
import {
  availabilityResponseSchema,
  type availabilityQuerySchema,
} from '#shared/booking/booking.contract.ts';
import { defaultBookingRules } from '#shared/booking/booking-rules.ts';
import {
  bookingWindow,
  nextClockChange,
  type BookingWindow,
} from '#shared/booking/booking-window.ts';
import { addDays, dateIn } from '#shared/booking/calendar.ts';
import type { ConsultantService, VisitPlace } from '#shared/booking/consultant.ts';
import { scheduledStaff } from '#shared/booking/consultant-schedule.ts';
import { dayFrame, frameDay, type Commitment } from '#shared/booking/day-frame.ts';
import { driveMinutes } from '#shared/pricing/travel.ts';
import type { Db } from '#server/db/client.ts';
import { visitOfSession } from '#server/db/booking-lookups.ts';
import { readBookingSetup, readCalendarEntries } from '#server/db/booking-store.ts';
import type { DriveTimes, ResolvedDrives } from '#server/integrations/maps/drive-times.ts';
import type {
  AvailabilityCache,
  CachedAnswer,
  CachedDay,
  HeldSnapshot,
} from '#server/lib/availability-cache.ts';
import type { CalendarSnapshot } from '#server/lib/calendar-snapshot.ts';
import { busyCommitments, takeBusy } from '#server/lib/busy-index.ts';
import { rangeOf, slotDays } from '#server/lib/slot-days.ts';
import { visitDrives } from '#server/lib/visit-drives.ts';

type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

/** An answer made with estimated drives while Google failed is asked again this soon (app clock). */
const degradedMaxAgeMs = 1000;
const minute = 60_000;
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

/** How an answer's days are worked out: at what clock and for which service. */
interface DayWork {
  snapshot: CalendarSnapshot;
  /** What the clock means for the rules (today, the cutoff, the lead times). */
  window: BookingWindow;
  serviceType: ConsultantService;
}

/**
 * The frame of `date` (day-frame.ts) as everyone sees it, or as `ownSession` does (its own holds
 * left free); kept until the clock next changes it (a lead time, the cutoff hour, the end of
 * today, a hold lapsing) or a change of its rows drops it.
 */
function workFrame({ snapshot, window, serviceType }: DayWork, date: string, ownSession?: string) {
  const { entries, todayEndsAt, rules, consultants } = snapshot;
  const at = window.now;
  const range = rangeOf(date, date, rules.timezone);
  const [start, end] = [range.start.getTime(), range.end.getTime()];
  const commitments = busyCommitments(snapshot.busy, start, end);
  let validUntil = Math.min(nextClockChange(date, rules, window), todayEndsAt);
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
  const frame = dayFrame({
    rules,
    window,
    staff: scheduledStaff(consultants, serviceType),
    commitments,
    date,
    bufferMs: snapshot.travelBufferMinutes * minute,
    // the drives between a consultant's own visits, for a call or a visit without a place
    drive: (from, to) => driveMinutes(from, to) * minute,
  });
  return { frame, validUntil };
}

/** The day as everyone sees it: its frame, and the day without a visit serialised. */
function workDay(work: DayWork, date: string): CachedDay {
  const { frame, validUntil } = workFrame(work, date);
  const json = JSON.stringify(frameDay(frame, visitOf(work, null)));
  return { frame, json, madeAt: work.window.now, validUntil };
}

const visitOf = (work: DayWork, visit: VisitPlace | null, drives?: ResolvedDrives) => ({
  serviceType: work.serviceType,
  visit,
  bufferMs: work.snapshot.travelBufferMinutes * minute,
  drive: drives?.drive,
});

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
 * horizonDays), from the cached calendar (ADR 024, ADR 051, ADR 054): the database is read once,
 * then each change is applied as notified; each day's frame is worked out once until a change or
 * the clock moves it, an onsite visit's place applied to it per place, and each distinct answer
 * (per place) compressed once.
 */
export async function cachedAvailability(
  cache: AvailabilityCache,
  db: Db,
  query: AvailabilityQuery,
  now: Date,
  /** Where an onsite visit's drives come from (app.driveTimes); none: the estimator. */
  driveTimes?: DriveTimes,
): Promise<{ held: HeldSnapshot; answer: CachedAnswer }> {
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
  const { sessionId } = query;
  const visit =
    query.serviceType === 'onsite' && sessionId
      ? await cache.sessionPlaces.of(sessionId, () => visitOfSession(db, sessionId))
      : null;
  const place = visit ? `${visit.lat},${visit.lng},${visit.postcode ?? ''}` : '';
  // the route matrix (with the key) before the answer: a pair already known costs no call
  const drives = await drivesOver(snapshot, { from, to }, at, visit, driveTimes);
  // the session matters only for its own holds: customers at one place share the answer, and
  // each of its days
  const mine = own.size ? query.sessionId : '';
  const key = [from, to, query.serviceType, mine, place].join('|');
  const { serviceType } = query;
  const answer = cache.answer(held, key, at, () => {
    const head = answerHeadSchema.parse({
      from,
      to,
      timezone: snapshot.rules.timezone,
      serviceType,
    });
    const work: DayWork = { snapshot, window: bookingWindow(snapshot.rules, at), serviceType };
    const days: string[] = [];
    // made with estimates while Google failed: asked again soon rather than kept
    let validUntil = drives?.degraded ? at + degradedMaxAgeMs : snapshot.todayEndsAt;
    for (let date = from; date <= to; date = addDays(date, 1)) {
      const day = own.has(date)
        ? { ...workFrame(work, date, query.sessionId), json: null }
        : cache.day(held, date, serviceType, at, () => workDay(work, date));
      validUntil = Math.min(validUntil, day.validUntil);
      // a day without a visit is the same for everyone: serialised once
      days.push(
        !visit && day.json !== null
          ? day.json
          : JSON.stringify(frameDay(day.frame, visitOf(work, visit, drives))),
      );
    }
    return { json: `${JSON.stringify(head).slice(0, -1)},"days":[${days.join(',')}]}`, validUntil };
  });
  return { held, answer };
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
