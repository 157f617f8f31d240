import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { bookingActivity, lockStaffSlots, type BookingRow } from './booking-store';
import type { Db } from './client';
import { markLeadBooked, unbookLead } from './lead-writes';
import { activities, bookings, slotHolds } from './schema';
import { completeSessionBooking } from './session-writes';
import { recordStaffAction, type StaffActor } from './staff-activity';

// The one writer of `bookings` (issue 27). Making, moving and cancelling a booking: the customer's
// manage link and staff (on the customer's behalf) change bookings through these, so both keep
// the same rules and history. Each runs on the caller's transaction, after lockStaffSlots.

/** Who changed it: the customer (their browser session, if known) or a staff member. */
export type BookingActor = { sessionId: string | null } | { staff: StaffActor };

type Slot = Pick<BookingRow, 'staffId' | 'startTime' | 'endTime'>;
const when = (b: Slot) => ({
  staffId: b.staffId,
  startTime: b.startTime.toISOString(),
  endTime: b.endTime.toISOString(),
});

async function record(
  tx: Db,
  action: string,
  row: BookingRow,
  data: Record<string, unknown>,
  actor: BookingActor,
  now: Date,
) {
  if ('staff' in actor) {
    await recordStaffAction(tx, {
      leadId: row.leadId,
      customerId: row.customerId,
      staff: actor.staff,
      action,
      eventType: 'booking',
      data: { bookingId: row.id, ...data },
      now,
    });
  } else {
    await tx.insert(activities).values(bookingActivity(action, row, data, actor.sessionId, now));
  }
}

/** A new booking's own values (its slot comes from the hold). */
export type BookingValues = Pick<
  BookingRow,
  | 'id'
  | 'customerId'
  | 'leadId'
  | 'serviceType'
  | 'notes'
  | 'measurements'
  | 'estimatedPriceCents'
  | 'promoCode'
  | 'manageTokenHash'
  | 'idempotencyKey'
>;

/**
 * Spends the session's unexpired hold on a new booking in its slot: the hold goes, the booking
 * goes in, the lead is booked, the session's booking completed (spec §3 Session record) and the
 * activity recorded. Null (nothing written) when the hold is gone, expired or another session's.
 * Throws an exclusion violation when a live booking of the staff member overlaps
 * (bookings_no_overlap, ADR 013), a unique violation when the idempotency key is reused.
 */
export async function bookHold(
  tx: Db,
  hold: { reservationId: string; sessionId: string },
  booking: BookingValues,
  now: Date,
): Promise<BookingRow | null> {
  const [slot] = await tx
    .delete(slotHolds)
    .where(
      and(
        eq(slotHolds.id, hold.reservationId),
        eq(slotHolds.sessionId, hold.sessionId),
        gt(slotHolds.expiresAt, now),
      ),
    )
    .returning({
      staffId: slotHolds.staffId,
      startTime: slotHolds.startTime,
      endTime: slotHolds.endTime,
      // an onsite visit's place: the consultant's drives to and from it (issue 28)
      visitLat: slotHolds.visitLat,
      visitLng: slotHolds.visitLng,
    });
  if (!slot) return null;
  // the lead first: the bookings trigger's sync of its appointment then finds nothing to change,
  // and the lead (a row with a dozen indexes and the dashboard's roll-up) is written once
  if (booking.leadId) await markLeadBooked(tx, booking.leadId, { ...booking, ...slot });
  const [row] = await tx
    .insert(bookings)
    .values({ ...booking, ...slot, status: 'confirmed' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await completeSessionBooking(tx, hold.sessionId, row.id, now);
  const created = { staffId: row.staffId, startTime: row.startTime.toISOString() };
  await tx
    .insert(activities)
    .values(bookingActivity('booking_created', row, created, hold.sessionId, now));
  return row;
}

/**
 * A booking staff make without a hold (a customer who phoned in, issue 28), in `slot`: the lead is
 * booked and the staff member's action recorded. An exclusion violation when a live booking of
 * the consultant overlaps (bookings_no_overlap); the caller re-checks the drives under the lock.
 */
export async function insertStaffBooking(
  tx: Db,
  booking: BookingValues & Pick<BookingRow, 'visitLat' | 'visitLng'>,
  slot: Slot,
  staff: StaffActor,
  now: Date,
): Promise<BookingRow> {
  if (booking.leadId) await markLeadBooked(tx, booking.leadId, { ...booking, ...slot });
  const [row] = await tx
    .insert(bookings)
    .values({ ...booking, ...slot, status: 'confirmed' })
    .returning();
  if (!row) throw new Error('insert returned no row');
  const created = { staffId: row.staffId, startTime: row.startTime.toISOString() };
  await record(tx, 'booking_created', row, created, { staff }, now);
  return row;
}

/**
 * Moves a live booking to `slot`, in place (its id and token stay). Null when the booking changed
 * meanwhile (cancelled or moved); an exclusion violation when the slot overlaps another live
 * booking (bookings_no_overlap). A moved booking is checked like any other (ADR 013).
 */
export async function moveBooking(
  tx: Db,
  booking: BookingRow,
  slot: Slot & Partial<Pick<BookingRow, 'visitLat' | 'visitLng'>>,
  actor: BookingActor,
  now: Date,
) {
  // a hold for an onsite visit carries its place (a phone call becoming a visit gets one)
  const place = slot.visitLat != null && { visitLat: slot.visitLat, visitLng: slot.visitLng };
  const [row] = await tx
    .update(bookings)
    .set({
      staffId: slot.staffId,
      startTime: slot.startTime,
      endTime: slot.endTime,
      ...place,
      legacyOverlap: false,
      calendarSequence: sql`${bookings.calendarSequence} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, booking.id),
        ne(bookings.status, 'cancelled'),
        eq(bookings.startTime, booking.startTime),
        eq(bookings.staffId, booking.staffId),
      ),
    )
    .returning();
  if (!row) return null;
  await record(tx, 'booking_rescheduled', row, { from: when(booking), to: when(row) }, actor, now);
  return row;
}

/**
 * A new consultation type and notes for a live booking that has not started, guarded like a move
 * (null when it was cancelled, moved or changed meanwhile). A new type changes the calendar
 * entry (its title, its place), so its SEQUENCE goes up; notes are not in it.
 */
export async function changeBookingDetails(
  tx: Db,
  booking: BookingRow,
  details: { serviceType: string; notes: string | null },
  actor: BookingActor,
  now: Date,
) {
  const typeChanged = details.serviceType !== booking.serviceType;
  const [row] = await tx
    .update(bookings)
    .set({
      serviceType: details.serviceType,
      notes: details.notes,
      calendarSequence: typeChanged
        ? sql`${bookings.calendarSequence} + 1`
        : bookings.calendarSequence,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(bookings.id, booking.id),
        ne(bookings.status, 'cancelled'),
        gt(bookings.startTime, now),
        eq(bookings.startTime, booking.startTime),
        eq(bookings.staffId, booking.staffId),
        eq(bookings.serviceType, booking.serviceType),
      ),
    )
    .returning();
  if (!row) return null;
  const what = (b: { serviceType: string; notes: string | null }) => ({
    serviceType: b.serviceType,
    notes: b.notes,
  });
  await record(
    tx,
    'booking_details_changed',
    row,
    { from: what(booking), to: what(row) },
    actor,
    now,
  );
  return row;
}

/** Cancels a live booking that has not started; null when it is cancelled already or started. */
export async function cancelBooking(
  tx: Db,
  id: string,
  now: Date,
  actor: BookingActor,
  reason?: string,
) {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(bookings.id, id), ne(bookings.status, 'cancelled'), gt(bookings.startTime, now)))
    .returning();
  if (!row) return null;
  await record(
    tx,
    'booking_cancelled',
    row,
    { ...when(row), ...(reason && { reason }) },
    actor,
    now,
  );
  if (row.leadId) await unbookLead(tx, row.leadId);
  return row;
}

/** Staff's no-show mark and its undo: only from the status the caller saw (null: it changed). */
export async function switchBookingStatus(tx: Db, id: string, from: string, to: string) {
  const [updated] = await tx
    .update(bookings)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, id), eq(bookings.status, from)))
    .returning();
  return updated ?? null;
}

/**
 * The job tracker's id of a booking: kept by the job tracker's handler when it made the job, or
 * typed by staff (null clears it).
 */
export async function updateTrakJobId(db: Db, id: string, trakJobId: string | null) {
  const [row] = await db
    .update(bookings)
    .set({ trakJobId, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  return row ?? null;
}

/** A merge of customer records: the bookings of the ones merged away name the kept one. */
export async function moveBookingsToCustomer(tx: Db, from: string[], to: string, now: Date) {
  await tx
    .update(bookings)
    .set({ customerId: to, updatedAt: now })
    .where(inArray(bookings.customerId, from));
}

/** A merge of one person's open leads: their bookings belong to the lead kept. */
export async function moveBookingsToLead(tx: Db, from: string[], to: string) {
  await tx.update(bookings).set({ leadId: to }).where(inArray(bookings.leadId, from));
}

/** APP 13: the notes a person typed on their bookings go (the bookings stay). */
export async function eraseBookingNotes(tx: Db, bookingIds: string[], now: Date) {
  if (bookingIds.length === 0) return;
  await tx
    .update(bookings)
    .set({ notes: null, updatedAt: now })
    .where(inArray(bookings.id, bookingIds));
}

export { lockStaffSlots };
