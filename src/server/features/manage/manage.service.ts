import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages, type ManageBooking } from '#shared/booking/booking.contract.ts';
import {
  inTransaction,
  readTimezone,
  takeHold,
  type BookingRow,
} from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { friendlyTime, toBookingDto } from '#server/lib/booking-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { hashManageToken } from '#server/lib/manage-token.ts';
import { queueBookingMessages } from '#server/messages/booking-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './manage.repository';

const m = bookingMessages;

async function requireBooking(db: Db, token: string) {
  const found = await repo.findByTokenHash(db, hashManageToken(token));
  if (!found) throw HttpError.notFound(m.manageNotFound);
  return found;
}

const hasStarted = (row: BookingRow, now: Date) => row.startTime.getTime() <= now.getTime();

function view(row: BookingRow, firstName: string | null, timezone: string, now: Date) {
  return {
    booking: toBookingDto(row, timezone),
    customer: { firstName },
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    startsAt: friendlyTime(row.startTime, timezone),
    canChange: row.status !== 'cancelled' && !hasStarted(row, now),
  } satisfies ManageBooking;
}

export async function readManagedBooking(db: Db, token: string, now: Date) {
  const { booking, firstName } = await requireBooking(db, token);
  return view(booking, firstName, await readTimezone(db), now);
}

function refuseChange(row: BookingRow, now: Date) {
  if (row.status === 'cancelled') {
    throw HttpError.conflict(m.cancelled, errorCodes.bookingCancelled);
  }
  if (hasStarted(row, now)) throw HttpError.conflict(m.past, errorCodes.bookingStarted);
}

/** Swaps the booking onto the session's held slot in one transaction (ADR 007). */
export async function reschedule(
  db: Db,
  outbox: Outbox,
  token: string,
  ids: { sessionId: string; reservationId: string },
  now: Date,
) {
  const { booking, firstName } = await requireBooking(db, token);
  refuseChange(booking, now);
  try {
    const moved = await inTransaction(db, async (tx) => {
      const hold = await takeHold(tx, ids.reservationId, ids.sessionId, now);
      if (!hold) throw HttpError.conflict(m.slotTaken, errorCodes.slotTaken);
      const row = await repo.moveBooking(tx, booking, hold, ids.sessionId, now);
      if (!row) throw HttpError.conflict(m.changed, errorCodes.bookingChanged);
      await queueBookingMessages(tx, outbox, 'rescheduled', row.id, now);
      return row;
    });
    return view(moved, firstName, await readTimezone(db), now);
  } catch (err) {
    // bookings_no_overlap: the held slot overlaps another live booking (ADR 013)
    if (isExclusionViolation(err)) throw HttpError.conflict(m.slotTaken, errorCodes.slotTaken);
    throw err;
  }
}

/** Cancels (the row stays for history; the slot is free again). Cancelling twice is harmless. */
export async function cancel(db: Db, outbox: Outbox, token: string, now: Date) {
  const { booking, firstName } = await requireBooking(db, token);
  if (booking.status !== 'cancelled' && hasStarted(booking, now)) {
    throw HttpError.conflict(m.past, errorCodes.bookingStarted);
  }
  const cancelled =
    booking.status === 'cancelled'
      ? booking
      : await inTransaction(db, async (tx) => {
          const row = await repo.cancelBooking(tx, booking.id, now);
          if (row) await queueBookingMessages(tx, outbox, 'cancelled', row.id, now);
          return row;
        });
  if (!cancelled) throw HttpError.conflict(m.changed, errorCodes.bookingChanged);
  return view(cancelled, firstName, await readTimezone(db), now);
}
