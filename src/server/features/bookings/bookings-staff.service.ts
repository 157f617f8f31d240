import {
  bookingMessages,
  serviceTypeSchema,
  type Booking,
} from '#shared/booking/booking.contract.ts';
import { visitOfBooking } from '#server/db/booking-lookups.ts';
import { inTransaction, readTimezone, type BookingRow } from '#server/db/booking-store.ts';
import {
  cancelBooking,
  lockStaffSlots,
  moveBooking,
  switchBookingStatus,
  updateTrakJobId,
} from '#server/db/booking-writes.ts';
import type { Db } from '#server/db/client.ts';
import { isExclusionViolation } from '#server/db/errors.ts';
import { recordStaffAction, type StaffActor } from '#server/db/staff-activity.ts';
import type { DriveTimes } from '#server/integrations/maps/drive-times.ts';
import {
  changedMeanwhile,
  needsCancelling,
  refuseChange,
  refuseNoShowMark,
  requireBooking,
  slotTaken,
} from '#server/lib/booking-change-policy.ts';
import { toBookingDto } from '#server/lib/booking-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { offeredSlotsAt } from '#server/lib/offered-slots.ts';
import { queueBookingMessages } from '#server/messages/booking-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './bookings.repository';

// Staff changing a booking on the customer's behalf: the manage link's rules (one policy,
// lib/booking-change-policy.ts: not once cancelled or started), its exclusivity (the slot must be offered and free; bookings_no_overlap decides
// races) and its messages; each change recorded with the staff member's name.

const m = bookingMessages;

const bookingOfId = async (db: Db, id: string) =>
  requireBooking(await repo.findBookingById(db, id), 'id');

const dto = async (db: Db, row: BookingRow): Promise<Booking> =>
  toBookingDto(row, await readTimezone(db));

export async function staffReschedule(
  db: Db,
  outbox: Outbox,
  id: string,
  to: { startTime: string; staffId?: string | undefined },
  staff: StaffActor,
  now: Date,
  driveTimes?: DriveTimes,
) {
  const booking = await bookingOfId(db, id);
  refuseChange(booking, now);
  // only a consultant who does the booking's service, and can drive to an onsite visit and on
  // from it, can take it; the booking's own time and drives are not in its way
  const asked = {
    ...to,
    bookingId: booking.id,
    serviceType: serviceTypeSchema.safeParse(booking.serviceType).data,
    visit: await visitOfBooking(db, booking.id),
    driveTimes,
  };
  const { slots } = await offeredSlotsAt(db, asked, now);
  if (slots.length === 0) throw HttpError.badRequest(m.notASlot, { startTime: m.notASlot });
  for (const slot of slots.filter((s) => s.available)) {
    const target = {
      staffId: slot.staffId,
      startTime: new Date(slot.startTime),
      endTime: new Date(slot.endTime),
    };
    const mine = { ...asked, startTime: slot.startTime, staffId: slot.staffId };
    try {
      const moved = await inTransaction(db, async (tx) => {
        await lockStaffSlots(tx, target.staffId);
        // the drives are no constraint of the database: worked out again under the lock
        if (!(await offeredSlotsAt(tx, mine, now)).slots.some((s) => s.available)) {
          throw slotTaken();
        }
        const row = await moveBooking(tx, booking, target, { staff }, now);
        if (!row) throw changedMeanwhile();
        // the booking as it was: a reassignment tells the consultant who had it
        await queueBookingMessages(tx, outbox, 'rescheduled', row.id, now, booking);
        return row;
      });
      return dto(db, moved);
    } catch (err) {
      // bookings_no_overlap: taken meanwhile; the next free consultant may still have it
      if (!isExclusionViolation(err)) throw err;
    }
  }
  throw slotTaken();
}

/**
 * Gives a booking to another consultant at the same time (issue 28), under the same rules as a
 * move: 409 SLOT_TAKEN when they are busy then or cannot make the drives.
 */
export async function staffReassign(
  db: Db,
  outbox: Outbox,
  id: string,
  consultantId: string,
  staff: StaffActor,
  now: Date,
  driveTimes?: DriveTimes,
) {
  const booking = await bookingOfId(db, id);
  if (booking.staffId === consultantId) return dto(db, booking);
  const to = { startTime: booking.startTime.toISOString(), staffId: consultantId };
  return staffReschedule(db, outbox, id, to, staff, now, driveTimes);
}

/** Cancels (the row stays; the slot is free again). Cancelling twice is harmless. */
export async function staffCancel(
  db: Db,
  outbox: Outbox,
  id: string,
  reason: string | undefined,
  staff: StaffActor,
  now: Date,
) {
  const booking = await bookingOfId(db, id);
  if (!needsCancelling(booking, now)) return dto(db, booking);
  const cancelled = await inTransaction(db, async (tx) => {
    const row = await cancelBooking(tx, booking.id, now, { staff }, reason);
    if (row) await queueBookingMessages(tx, outbox, 'cancelled', row.id, now);
    return row;
  });
  if (!cancelled) throw changedMeanwhile();
  return dto(db, cancelled);
}

/** Sets or clears trak_job_id (spec §7), recorded in the lead's timeline. */
export async function staffSetTrakJobId(
  db: Db,
  id: string,
  value: string | null,
  staff: StaffActor,
  now: Date,
) {
  const trakJobId = value || null;
  const row = await inTransaction(db, async (tx) => {
    const updated = requireBooking(await updateTrakJobId(tx, id, trakJobId), 'id');
    await recordStaffAction(tx, {
      leadId: updated.leadId,
      customerId: updated.customerId,
      staff,
      action: trakJobId ? 'job_id_set' : 'job_id_cleared',
      eventType: 'booking',
      data: { bookingId: updated.id, trakJobId },
      now,
    });
    return updated;
  });
  return dto(db, row);
}

/**
 * Marks a started booking as a no-show (status no_show), or takes the mark back (confirmed);
 * each change is recorded in the lead's timeline with the staff member's name. Marking what is
 * already marked changes nothing and records nothing.
 */
export async function staffSetNoShow(
  db: Db,
  id: string,
  noShow: boolean,
  staff: StaffActor,
  now: Date,
) {
  const booking = await bookingOfId(db, id);
  refuseNoShowMark(booking, now);
  const [from, to] = noShow ? ['confirmed', 'no_show'] : ['no_show', 'confirmed'];
  if (booking.status === to) return { booking: await dto(db, booking), noShow };
  const row = await inTransaction(db, async (tx) => {
    const updated = await switchBookingStatus(tx, id, from, to);
    if (!updated) throw changedMeanwhile();
    await recordStaffAction(tx, {
      leadId: updated.leadId,
      customerId: updated.customerId,
      staff,
      action: noShow ? 'booking_no_show' : 'booking_no_show_undone',
      eventType: 'booking',
      data: { bookingId: updated.id },
      now,
    });
    return updated;
  });
  return { booking: await dto(db, row), noShow };
}
