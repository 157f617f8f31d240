import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import {
  bookingRulesSchema,
  defaultBookingRules,
  type BookingRules,
} from '#shared/booking/booking-rules.ts';
import type { SchedulingConsultant } from '#shared/booking/consultant.ts';
import type { BusyInterval } from '#shared/booking/slots.ts';
import type { LatLng } from '#shared/pricing/travel.ts';
import type { Db } from './client';
import { readConsultants, toSchedulingConsultant } from './consultant-store';
import { busyEntryRows } from './consultant-busy-store';
import { bookings, slotHolds } from './schema';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { readSettings } from './settings-store';

// Booking data shared by the availability, holds, bookings and manage features (ADR 007).

/** Runs `work` in one transaction; throwing inside rolls it back. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

export interface BookingSetup {
  rules: BookingRules;
  /** Who takes consultations, when and from where (issue 28). */
  consultants: SchedulingConsultant[];
  /** Added to every drive to and from an onsite visit (booking rule). */
  travelBufferMinutes: number;
}

const ruleKeys = [
  'cutoff_hour',
  'same_day_lead_time',
  'next_day_lead_time',
  'allow_weekends',
  'timezone',
  'first_slot',
  'slots_per_day',
  'slot_minutes',
  'blackout_dates',
  'base_address',
  'onsite_travel_buffer_minutes',
] as const;

/** The booking rules (settings, each key falling back to its default) and the consultants. */
export async function readBookingSetup(db: Db): Promise<BookingSetup> {
  const [s, rows] = await Promise.all([readSettings(db, ruleKeys), readConsultants(db)]);
  const grid = {
    firstSlot: s.first_slot,
    slotsPerDay: s.slots_per_day,
    slotMinutes: s.slot_minutes,
  };
  const input = {
    cutoffHour: s.cutoff_hour,
    sameDayLeadTime: s.same_day_lead_time,
    nextDayLeadTime: s.next_day_lead_time,
    allowWeekends: s.allow_weekends,
    timezone: s.timezone,
    blackoutDates: s.blackout_dates,
  };
  // Each value is valid alone; a grid that runs past midnight falls back to the default grid.
  const parsed = bookingRulesSchema.safeParse({ ...input, ...grid });
  const rules = parsed.success ? parsed.data : { ...defaultBookingRules, ...input };
  const base = s.base_address ?? settingDefaults.base_address;
  const consultants = rows.map((row) => toSchedulingConsultant(row, base));
  return { rules, consultants, travelBufferMinutes: s.onsite_travel_buffer_minutes };
}

export interface Busy {
  bookings: BusyInterval[];
  holds: BusyInterval[];
}

/** A booking or an unexpired hold in the cached calendar (ADR 051), times in epoch ms. */
export interface CalendarEntry {
  staffId: string;
  start: number;
  end: number;
  /** An onsite visit's place: the consultant drives there and on (issue 28). */
  place?: LatLng | null;
  /** Holds only: whose it is (their own hold stays free to them) and when it lapses. */
  sessionId?: string | null;
  expiresAt?: number | null;
}

/**
 * Live bookings, unexpired holds and the consultants' own busy times (issue 29) overlapping
 * [start, end), keyed as the calendar's row notifications name them (ADR 051), times as epoch ms,
 * with each hold's session and expiry, in ONE statement (UNION ALL): one statement reads one snapshot, even under READ COMMITTED and inside
 * a caller's transaction. Read in two statements, a booking committing between them (its hold
 * deleted, the booking inserted) was in neither, and its slot was shown free (ADR 028, ADR 036).
 */
export async function readCalendarEntries(
  db: Db,
  range: { start: Date; end: Date },
  now: Date,
): Promise<Map<string, CalendarEntry>> {
  const bookingRows = db
    .select({
      key: sql<string>`'booking:' || ${bookings.id}`,
      staffId: bookings.staffId,
      start: bookings.startTime,
      end: bookings.endTime,
      // a booking has neither; the hold branch below fills them (a hold always has an expiry)
      sessionId: sql<string | null>`null::uuid`,
      expiresAt: sql<Date | null>`null::timestamptz`.mapWith(slotHolds.expiresAt),
      lat: bookings.visitLat,
      lng: bookings.visitLng,
    })
    .from(bookings)
    .where(
      and(
        ne(bookings.status, 'cancelled'),
        // a lower bound on start_time keeps the scan on bookings_start_idx (slots are short)
        gt(bookings.startTime, new Date(range.start.getTime() - 24 * 3600_000)),
        lt(bookings.startTime, range.end),
        gt(bookings.endTime, range.start),
      ),
    );
  const holdRows = db
    .select({
      key: sql<string>`'hold:' || ${slotHolds.id}`,
      staffId: slotHolds.staffId,
      start: slotHolds.startTime,
      end: slotHolds.endTime,
      sessionId: slotHolds.sessionId,
      expiresAt: slotHolds.expiresAt,
      lat: slotHolds.visitLat,
      lng: slotHolds.visitLng,
    })
    .from(slotHolds)
    .where(
      and(
        // slot_holds_expires_idx: only the few holds of the last minutes are live
        gt(slotHolds.expiresAt, now),
        lt(slotHolds.startTime, range.end),
        gt(slotHolds.endTime, range.start),
      ),
    );
  const rows = await bookingRows.unionAll(holdRows).unionAll(busyEntryRows(db, range));
  return new Map(
    rows.map(({ key, staffId, start, end, sessionId, expiresAt, lat, lng }) => [
      key,
      {
        staffId,
        start: start.getTime(),
        end: end.getTime(),
        place: lat != null && lng != null ? { lat, lng } : null,
        sessionId,
        expiresAt: expiresAt?.getTime() ?? null,
      },
    ]),
  );
}

/** Live bookings and unexpired holds overlapping [start, end), optionally not one session's. */
export async function findBusy(
  db: Db,
  range: { start: Date; end: Date },
  now: Date,
  exceptSessionId?: string,
): Promise<Busy> {
  const busy: Busy = { bookings: [], holds: [] };
  for (const [key, entry] of await readCalendarEntries(db, range, now)) {
    const interval = {
      staffId: entry.staffId,
      startTime: new Date(entry.start),
      endTime: new Date(entry.end),
    };
    if (!key.startsWith('hold:')) busy.bookings.push(interval);
    else if (!exceptSessionId || entry.sessionId !== exceptSessionId) busy.holds.push(interval);
  }
  return busy;
}

export type HoldRow = typeof slotHolds.$inferSelect;

/**
 * Serialises the writes of one staff member's holds and bookings until the transaction ends.
 * Two transactions inserting overlapping rows at once would each find the other's row under the
 * exclusion constraints and wait for each other: a deadlock PostgreSQL breaks only after a second
 * (ADR 013). Taken before any row lock, after the session lock of placeHold; the two-key form
 * keeps it apart from the one-key session and e-mail locks.
 */
export async function lockStaffSlots(tx: Db, staffId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('staff-slots'), hashtext(${staffId}))`,
  );
}

/**
 * Removes a session's unexpired hold and returns it (null when it is gone, expired or another
 * session's). Inside a transaction the row stays locked until it ends, so two requests cannot
 * spend one hold; its staff member's slots are locked first (lockStaffSlots).
 */
export async function takeHold(
  tx: Db,
  reservationId: string,
  sessionId: string,
  now: Date,
): Promise<HoldRow | null> {
  const ofSession = and(eq(slotHolds.id, reservationId), eq(slotHolds.sessionId, sessionId));
  // a hold's staff member never changes, so reading it before the lock is safe
  const [held] = await tx
    .select({ staffId: slotHolds.staffId })
    .from(slotHolds)
    .where(ofSession)
    .limit(1);
  if (!held) return null;
  await lockStaffSlots(tx, held.staffId);
  const [row] = await tx
    .delete(slotHolds)
    .where(and(ofSession, gt(slotHolds.expiresAt, now)))
    .returning();
  return row ?? null;
}

export type BookingRow = typeof bookings.$inferSelect;

/** The time zone bookings are shown in. */
export async function readTimezone(db: Db): Promise<string> {
  return (await readSettings(db, ['timezone'])).timezone;
}

/**
 * A row of `activities` about a booking (created, rescheduled, cancelled), stamped by the app's
 * clock as staff actions are (recordStaffAction): a timeline that mixed the database's clock with
 * the app's would order its entries by whichever clock wrote them.
 */
export function bookingActivity(
  action: string,
  booking: Pick<BookingRow, 'id' | 'customerId' | 'leadId'>,
  data: Record<string, unknown>,
  sessionId: string | null,
  now: Date,
) {
  return {
    action,
    eventType: 'booking',
    timestamp: now,
    sessionId,
    customerId: booking.customerId,
    // the lead's timeline (staff back office) reads its booking changes by lead
    leadId: booking.leadId,
    data: { bookingId: booking.id, ...data },
  };
}
