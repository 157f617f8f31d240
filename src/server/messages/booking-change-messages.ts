import { planCalendarWrites } from './calendar-writes';
import type { BookingRow } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import {
  planBookingMessages,
  readBookingMessageFacts,
  retireStaleDeliveries,
  type BookingMessageFacts,
} from './booking-messages';
import { oncePer, type NewDelivery } from './deliveries.repository';
import type { Outbox } from './outbox';

// A customer's own change through their manage link: a new time, another consultation type, other
// notes, or several at once (issue 15 item 3). Decided on the change's transaction, like the rest.

/** The booking as it was before the change (the held time may be another consultant's). */
export type BookingBefore = Pick<BookingRow, 'startTime' | 'staffId' | 'serviceType' | 'notes'>;

/** The business's notice payload: the earlier value of each field that changed. */
export interface BookingChangePayload {
  before: {
    start?: string;
    serviceType?: string;
    notes?: string | null;
    /** The consultant's name, when the new time went to another one. */
    consultant?: string;
  };
}

type ChangedFacts = BookingMessageFacts & {
  booking: BookingMessageFacts['booking'] & Pick<BookingRow, 'serviceType' | 'notes'>;
};

/**
 * The customer: a move sends the 'moved' e-mail (with the moved invitation) as before; another
 * consultation type changes who goes where, so it sends an updated confirmation (with the updated
 * invitation), a move at the same time included. Notes alone are not in the customer's e-mails or
 * calendar entry: nothing to the customer. The business: a notice of every change, with what it
 * was before (a notes change may say "use the side gate").
 */
export function planBookingChangeMessages(
  change: { moved: boolean; before: BookingBefore },
  facts: ChangedFacts,
  now: Date,
): NewDelivery[] {
  const { booking, staffEmail } = facts;
  const { moved, before } = change;
  const newType = booking.serviceType !== before.serviceType;
  const messages =
    moved || newType ? planBookingMessages(newType ? 'updated' : 'rescheduled', facts, now) : [];
  // notes alone are in the consultant's own calendar entry (issue 29): it is written again
  if (!moved && !newType && booking.notes !== before.notes) {
    messages.push(...planCalendarWrites('updated', facts, `:notes:${now.getTime()}`));
  }
  if (staffEmail) {
    const payload: BookingChangePayload = { before: {} };
    if (moved) payload.before.start = before.startTime.toISOString();
    if (newType) payload.before.serviceType = before.serviceType;
    if (booking.notes !== before.notes) payload.before.notes = before.notes;
    const earlier = facts.before;
    if (earlier?.consultant && earlier.staffId !== booking.staffId) {
      payload.before.consultant = earlier.consultant.name;
    }
    // no dedupe key: each change is its own transaction, and two changes are two notices
    messages.push({
      channel: 'email',
      kind: 'business_booking_changed',
      recipient: staffEmail,
      bookingId: booking.id,
      leadId: booking.leadId,
      payload: { ...payload },
    });
  }
  return messages;
}

export async function queueBookingChangeMessages(
  tx: Db,
  outbox: Outbox,
  change: { moved: boolean; before: BookingBefore },
  bookingId: string,
  now: Date,
) {
  const facts = await readBookingMessageFacts(tx, bookingId, change.before);
  if (!facts) return;
  if (change.moved) await retireStaleDeliveries(tx, 'rescheduled', facts.booking);
  await outbox.putAll(tx, planBookingChangeMessages(change, facts, now));
}

/**
 * The customer's own cancel through their link: the customer's cancellation (as a staff cancel
 * sends), and a notice to the business like a change's, since nobody there did it.
 */
export function planBookingCancelMessages(facts: BookingMessageFacts, now: Date): NewDelivery[] {
  const messages = planBookingMessages('cancelled', facts, now);
  const { booking, staffEmail } = facts;
  if (staffEmail) {
    // a booking is cancelled once
    messages.push(
      oncePer(booking.id, {
        channel: 'email',
        kind: 'business_booking_cancelled',
        recipient: staffEmail,
        bookingId: booking.id,
        leadId: booking.leadId,
      }),
    );
  }
  return messages;
}

export async function queueBookingCancelMessages(
  tx: Db,
  outbox: Outbox,
  bookingId: string,
  now: Date,
) {
  const facts = await readBookingMessageFacts(tx, bookingId);
  if (!facts) return;
  await retireStaleDeliveries(tx, 'cancelled', facts.booking);
  await outbox.putAll(tx, planBookingCancelMessages(facts, now));
}
