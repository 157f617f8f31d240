import type { z } from 'zod';
import { changeRefusal } from '#shared/booking/booking-change.ts';
import {
  bookingMessages,
  type availabilityQuerySchema,
  type ManageBooking,
  type rescheduleSchema,
} from '#shared/booking/booking.contract.ts';
import { leadFacts, leadFactSettingKeys, parseLeadData } from '#shared/leads/lead-data.ts';
import { visitOfBooking } from '#server/db/booking-lookups.ts';
import {
  inTransaction,
  readTimezone,
  takeHold,
  type BookingRow,
} from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { readSettings } from '#server/db/settings-store.ts';
import {
  changedMeanwhile,
  needsCancelling,
  refuseChange,
  refuseOnsite,
  requireBooking,
  slotTaken,
} from '#server/lib/booking-change-policy.ts';
import type { DriveTimes } from '#server/integrations/maps/drive-times.ts';
import { availabilityAt } from '#server/lib/availability-at.ts';
import { friendlyTime, toBookingDto } from '#server/lib/booking-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { hashManageToken } from '#server/lib/manage-token.ts';
import {
  queueBookingCancelMessages,
  queueBookingChangeMessages,
} from '#server/messages/booking-change-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './manage.repository';

const m = bookingMessages;

async function bookingOfLink(db: Db, token: string) {
  return requireBooking(await repo.findByTokenHash(db, hashManageToken(token)), 'link');
}

type Found = NonNullable<Awaited<ReturnType<typeof repo.findByTokenHash>>>;
type Change = z.output<typeof rescheduleSchema>;

/** The onsite offer for the panes the Details step left on the lead, with the settings of now. */
async function onsiteFor(db: Db, found: Found) {
  const s = await readSettings(db, leadFactSettingKeys);
  const { glassCount, onsite } = leadFacts(parseLeadData(found.leadData), s);
  return { ...onsite, glassCount };
}

async function view(db: Db, found: Found, row: BookingRow, now: Date): Promise<ManageBooking> {
  const [timezone, onsite] = await Promise.all([readTimezone(db), onsiteFor(db, found)]);
  return {
    booking: toBookingDto(row, timezone),
    customer: { firstName: found.firstName, address: found.address },
    calendarSequence: row.calendarSequence,
    onsite,
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    startsAt: friendlyTime(row.startTime, timezone),
    canChange: changeRefusal(row, now) === null,
  };
}

/**
 * The times the customer may move their booking to (issue 28): for an onsite visit worked out
 * from its own place, its own time and drives out of the way, and their session's hold free to
 * them; a phone call's as the booking page shows them.
 */
export async function manageAvailability(
  db: Db,
  token: string,
  query: z.output<typeof availabilityQuerySchema>,
  driveTimes: DriveTimes | undefined,
  now: Date,
) {
  const { booking } = await bookingOfLink(db, token);
  const { serviceType } = query;
  const visit = serviceType === 'onsite' ? await visitOfBooking(db, booking.id) : null;
  const asked = {
    serviceType,
    visit,
    from: query.from,
    to: query.to,
    exceptBookingId: booking.id,
    exceptSessionId: query.sessionId,
  };
  return availabilityAt(db, asked, driveTimes, now);
}

export async function readManagedBooking(db: Db, token: string, now: Date) {
  const found = await bookingOfLink(db, token);
  return view(db, found, found.booking, now);
}

/**
 * Changes the booking in one transaction (ADR 007): onto the session's held slot, and/or to
 * another consultation type (onsite only as the pane-count rule allows, as at booking) and other
 * notes. Every change is in the booking's history and sends its messages (a move the 'moved' e-mail,
 * a new type an updated confirmation, any change a notice to the business).
 */
export async function reschedule(db: Db, outbox: Outbox, token: string, input: Change, now: Date) {
  const found = await bookingOfLink(db, token);
  const { booking } = found;
  refuseChange(booking, now);
  const serviceType = input.serviceType ?? booking.serviceType;
  const notes = input.notes === undefined ? booking.notes : input.notes || null;
  const newType = serviceType !== booking.serviceType;
  const newDetails = newType || notes !== booking.notes;
  if (newType && serviceType === 'onsite') refuseOnsite(serviceType, await onsiteFor(db, found));
  const { reservationId, sessionId } = input;
  if (!reservationId && !newDetails) {
    throw HttpError.badRequest(m.nothingToChange);
  }
  try {
    const changed = await inTransaction(db, async (tx) => {
      let row = booking;
      if (reservationId && sessionId) {
        const hold = await takeHold(tx, reservationId, sessionId, now);
        if (!hold) throw slotTaken();
        const moved = await repo.moveBooking(tx, row, hold, sessionId, now);
        if (!moved) throw changedMeanwhile();
        row = moved;
      }
      if (newDetails) {
        const details = { serviceType, notes };
        const updated = await repo.changeDetails(tx, row, details, sessionId ?? null, now);
        if (!updated) throw changedMeanwhile();
        row = updated;
      }
      // after every change, so the messages carry the booking's final sequence
      const change = { moved: Boolean(reservationId), before: booking };
      await queueBookingChangeMessages(tx, outbox, change, row.id, now);
      return row;
    });
    return await view(db, found, changed, now);
  } catch (err) {
    // bookings_no_overlap: the held slot overlaps another live booking (ADR 013)
    if (isExclusionViolation(err)) throw slotTaken();
    throw err;
  }
}

/** Cancels (the row stays for history; the slot is free again). Cancelling twice is harmless. */
export async function cancel(db: Db, outbox: Outbox, token: string, now: Date) {
  const found = await bookingOfLink(db, token);
  const { booking } = found;
  const cancelled = needsCancelling(booking, now)
    ? await inTransaction(db, async (tx) => {
        const row = await repo.cancelBooking(tx, booking.id, now);
        if (row) await queueBookingCancelMessages(tx, outbox, row.id, now);
        return row;
      })
    : booking;
  if (!cancelled) throw changedMeanwhile();
  return view(db, found, cancelled, now);
}
