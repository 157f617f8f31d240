import type { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import {
  bookingMessages,
  type Hold,
  type holdRequestSchema,
} from '#shared/booking/booking.contract.ts';
import { addDays, dateIn, toOffsetIso, wallClock } from '#shared/booking/calendar.ts';
import { generateSlots } from '#shared/booking/slots.ts';
import type { TimeSlot } from '#shared/booking/slot.contract.ts';
import {
  findBusy,
  readBookingSetup,
  readTimezone,
  type HoldRow,
} from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './holds.repository';

type HoldRequest = z.output<typeof holdRequestSchema>;
type HoldIds = { reservationId: string; sessionId: string };

/** ARCHITECTURE.md: a hold keeps a slot for 10 minutes while the customer confirms. */
export const holdMinutes = 10;
const m = bookingMessages;
const expiry = (now: Date) => new Date(now.getTime() + holdMinutes * 60_000);
const dayMs = 24 * 60 * 60_000;

/**
 * A coarse bound before any calendar maths: an instant days outside today … today + horizon is
 * never a slot, and one far away (9999-12-31T23:59:59Z is year 10000 in Melbourne) would take the
 * date maths out of range. generateSlots decides exactly for the instants within.
 */
function nearHorizon(start: number, horizonDays: number, now: Date): boolean {
  return start >= now.getTime() - dayMs && start <= now.getTime() + (horizonDays + 2) * dayMs;
}

function toHold(row: HoldRow, timezone: string): Hold {
  return {
    reservationId: row.id,
    expiresAt: toOffsetIso(row.expiresAt.getTime(), timezone),
    staffId: row.staffId,
    startTime: toOffsetIso(row.startTime.getTime(), timezone),
    endTime: toOffsetIso(row.endTime.getTime(), timezone),
  };
}

/** The slots offered at that start right now (one per staff member), the session's hold aside. */
async function slotsAt(db: Db, input: HoldRequest, now: Date) {
  const { rules, staff } = await readBookingSetup(db);
  if (input.staffId && !staff.some((s) => s.id === input.staffId)) {
    throw HttpError.badRequest(m.unknownStaff, { staffId: m.unknownStaff });
  }
  const start = Date.parse(input.startTime);
  if (!nearHorizon(start, rules.horizonDays, now)) return { slots: [], timezone: rules.timezone };
  const date = dateIn(new Date(start), rules.timezone);
  const range = {
    start: new Date(wallClock(date, 0, rules.timezone)),
    end: new Date(wallClock(addDays(date, 1), 0, rules.timezone)),
  };
  const busy = await findBusy(db, range, now, input.sessionId);
  const [day] = generateSlots({ rules, staff, ...busy, now, from: date, to: date });
  const slots = (day?.slots ?? []).filter(
    (slot) =>
      Date.parse(slot.startTime) === start && (!input.staffId || slot.staffId === input.staffId),
  );
  return { slots, timezone: rules.timezone };
}

/**
 * Holds a slot generateSlots offers as available. Without a staff member, the first one free at
 * that time; when a concurrent request wins that one, the next free one is tried.
 */
export async function createHold(db: Db, input: HoldRequest, now: Date): Promise<Hold> {
  const { slots, timezone } = await slotsAt(db, input, now);
  if (slots.length === 0) throw HttpError.badRequest(m.notASlot, { startTime: m.notASlot });
  for (const slot of slots.filter((s) => s.available)) {
    const row = await tryHold(db, slot, input.sessionId, now);
    if (row) return toHold(row, timezone);
  }
  throw HttpError.conflict(m.slotTaken, errorCodes.slotTaken);
}

async function tryHold(db: Db, slot: TimeSlot, sessionId: string, now: Date) {
  const hold = {
    staffId: slot.staffId,
    startTime: new Date(slot.startTime),
    endTime: new Date(slot.endTime),
    sessionId,
    expiresAt: expiry(now),
  };
  return repo.placeHold(db, hold, now).catch((err: unknown) => {
    // slot_holds_no_overlap: another hold of this staff member overlaps (ADR 013)
    if (isExclusionViolation(err)) return null;
    throw err;
  });
}

/** Another 10 minutes from now; 404 when the hold is not this session's, 410 once expired. */
export async function renewHold(db: Db, ids: HoldIds, now: Date): Promise<Hold> {
  const row = await repo.extendHold(db, ids, now, expiry(now));
  if (row) return toHold(row, await readTimezone(db));
  if (await repo.findSessionHold(db, ids)) {
    throw new HttpError(410, errorCodes.holdExpired, m.holdExpired);
  }
  throw HttpError.notFound(m.holdNotFound, errorCodes.holdNotFound);
}

export async function releaseHold(db: Db, ids: HoldIds): Promise<void> {
  if (!(await repo.deleteSessionHold(db, ids))) {
    throw HttpError.notFound(m.holdNotFound, errorCodes.holdNotFound);
  }
}
