import type { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import {
  bookingMessages,
  type Hold,
  type holdReleaseQuerySchema,
  type holdRequestSchema,
  type SessionHold,
} from '#shared/booking/booking.contract.ts';
import { toOffsetIso } from '#shared/booking/calendar.ts';
import type { VisitPlace } from '#shared/booking/consultant.ts';
import type { TimeSlot } from '#shared/booking/slot.contract.ts';
import {
  bookingOfManageToken,
  visitOfBooking,
  visitOfSession,
} from '#server/db/booking-lookups.ts';
import { readTimezone, type HoldRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import type { DriveTimes } from '#server/integrations/maps/drive-times.ts';
import { refuseChange, requireBooking } from '#server/lib/booking-change-policy.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { hashManageToken } from '#server/lib/manage-token.ts';
import { inOrderOfLoad, offeredSlotsAt } from '#server/lib/offered-slots.ts';
import * as repo from './holds.repository';

type HoldRequest = z.output<typeof holdRequestSchema>;
type HoldIds = { reservationId: string; sessionId: string };

/** ARCHITECTURE.md: a hold keeps a slot for 10 minutes while the customer confirms. */
export const holdMinutes = 10;
const m = bookingMessages;
const expiry = (now: Date) => new Date(now.getTime() + holdMinutes * 60_000);

function toHold(row: HoldRow, timezone: string): Hold {
  return {
    reservationId: row.id,
    expiresAt: toOffsetIso(row.expiresAt.getTime(), timezone),
    staffId: row.staffId,
    startTime: toOffsetIso(row.startTime.getTime(), timezone),
    endTime: toOffsetIso(row.endTime.getTime(), timezone),
  };
}

/** The booking a customer is moving with their manage link: only while it can still change. */
async function bookingOfLink(db: Db, token: string, now: Date) {
  const booking = requireBooking(await bookingOfManageToken(db, hashManageToken(token)), 'link');
  refuseChange(booking, now);
  return booking;
}

/**
 * Holds a slot the calendar offers as available (for the service asked, with travel to the
 * session's address for onsite, or, for a customer moving their booking, from its own place with
 * its own time and drives out of the way). Without a staff member, the consultant free then with the fewest
 * bookings that day, then the least recently booked (rankConsultants); when a concurrent request
 * wins that one, the next is tried.
 */
export async function createHold(
  db: Db,
  input: HoldRequest,
  now: Date,
  driveTimes?: DriveTimes,
): Promise<Hold> {
  const moving = input.manageToken ? await bookingOfLink(db, input.manageToken, now) : undefined;
  let visit: VisitPlace | null = null;
  if (input.serviceType === 'onsite') {
    visit = moving
      ? await visitOfBooking(db, moving.id)
      : await visitOfSession(db, input.sessionId);
  }
  const asked = { ...input, visit, driveTimes, bookingId: moving?.id };
  // the session's own hold aside: a customer moving their hold may pick its slot again
  const { slots, timezone } = await offeredSlotsAt(db, asked, now);
  if (slots.length === 0) throw HttpError.badRequest(m.notASlot, { startTime: m.notASlot });
  const free = slots.filter((s) => s.available);
  for (const slot of await inOrderOfLoad(db, free, timezone)) {
    const row = await tryHold(db, slot, asked, now);
    if (row) return toHold(row, timezone);
  }
  throw HttpError.conflict(m.slotTaken, errorCodes.slotTaken);
}

type Asked = HoldRequest & {
  visit: VisitPlace | null;
  driveTimes: DriveTimes | undefined;
  bookingId: string | undefined;
};

async function tryHold(db: Db, slot: TimeSlot, asked: Asked, now: Date) {
  const hold = {
    staffId: slot.staffId,
    startTime: new Date(slot.startTime),
    endTime: new Date(slot.endTime),
    sessionId: asked.sessionId,
    expiresAt: expiry(now),
    serviceType: asked.serviceType ?? null,
    visitLat: asked.visit?.lat ?? null,
    visitLng: asked.visit?.lng ?? null,
  };
  // worked out again under the consultant's lock: another visit's drive may have taken it
  const stillFree = async (tx: Db) => {
    const mine = { ...asked, startTime: slot.startTime, staffId: slot.staffId };
    return (await offeredSlotsAt(tx, mine, now)).slots.some((s) => s.available);
  };
  return repo.placeHold(db, hold, now, stillFree).catch((err: unknown) => {
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

/** The session's hold for a page that opens again (a reload): live, expired or none. */
export async function readSessionHold(db: Db, sessionId: string, now: Date): Promise<SessionHold> {
  const row = await repo.findLatestSessionHold(db, sessionId);
  if (!row) return { hold: null, expired: false };
  if (row.expiresAt.getTime() > now.getTime()) {
    return { hold: toHold(row, await readTimezone(db)), expired: false };
  }
  return { hold: null, expired: true };
}

type Release = z.output<typeof holdReleaseQuerySchema> & { reservationId: string };

/** At once, or `afterSeconds` from now for a page being unloaded (it may be a reload). */
export async function releaseHold(db: Db, input: Release, now: Date): Promise<void> {
  const { reservationId, sessionId, afterSeconds, expiresAt } = input;
  const ids = { reservationId, sessionId };
  const released = afterSeconds
    ? await repo.shortenSessionHold(
        db,
        ids,
        new Date(now.getTime() + afterSeconds * 1000),
        expiresAt === undefined ? undefined : new Date(expiresAt),
      )
    : await repo.deleteSessionHold(db, ids);
  if (!released) {
    throw HttpError.notFound(m.holdNotFound, errorCodes.holdNotFound);
  }
}
