import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { bookingActivity, lockStaffSlots, type BookingRow } from './booking-store';
import type { Db } from './client';
import { activities, bookings, leads } from './schema';
import { recordStaffAction, type StaffActor } from './staff-activity';

// Moving and cancelling a booking: the customer's manage link and staff (on the customer's
// behalf) change bookings through these, so both keep the same rules and history.

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

/**
 * Moves a live booking to `slot`, in place (its id and token stay). Null when the booking changed
 * meanwhile (cancelled or moved); an exclusion violation when the slot overlaps another live
 * booking (bookings_no_overlap). A moved booking is checked like any other (ADR 013).
 */
export async function moveBooking(
  tx: Db,
  booking: BookingRow,
  slot: Slot,
  actor: BookingActor,
  now: Date,
) {
  const [row] = await tx
    .update(bookings)
    .set({
      staffId: slot.staffId,
      startTime: slot.startTime,
      endTime: slot.endTime,
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

/**
 * A lead whose last live booking is cancelled is no longer 'booked' (issue 26 item 3): it goes
 * back to the stage it had before, which is how far the customer got (the booking flow moves the
 * stage only forward: contact, details, estimate; what they gave is on the lead). A stage staff
 * set after the booking (quoted, won, lost) is theirs and stays.
 */
async function unbookLead(tx: Db, leadId: string | null) {
  if (!leadId) return;
  await tx
    .update(leads)
    .set({
      stage: sql`case when ${leads.data} ? 'estimate' then 'estimate'
        when ${leads.data} ? 'details' then 'details' else 'contact' end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(leads.id, leadId),
        eq(leads.stage, 'booked'),
        sql`not exists (select 1 from ${bookings} b where b.lead_id = ${leads.id}
          and b.status <> 'cancelled')`,
      ),
    );
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
  await unbookLead(tx, row.leadId);
  return row;
}

export { lockStaffSlots };
