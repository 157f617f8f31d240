import {
  bookingRefusals,
  cancelRefusal,
  changeRefusal,
  noShowRefusal,
  onsiteServiceRefusal,
  type BookingRefusal,
} from '#shared/booking/booking-change.ts';
import type { Onsite } from '#shared/estimate/estimate.contract.ts';
import { HttpError } from './http-error';

// The one booking-change policy of the server (rules in src/shared/booking/booking-change.ts):
// the customer's manage link and staff find, refuse and report a lost race the same way, and
// change the booking through src/server/db/booking-writes.ts.

type BookingState = Parameters<typeof changeRefusal>[0];

/** A refusal as the API answers it. */
const refused = ({ status, code, message, fields }: BookingRefusal) =>
  new HttpError(status, code, message, fields);

const refuseIf = (refusal: BookingRefusal | null) => {
  if (refusal) throw refused(refusal);
};

/**
 * The booking a request is about, or a 404: found by the customer's link (its sentence tells
 * them to check the link) or by id (staff, the API).
 */
export function requireBooking<T>(found: T | null | undefined, by: 'link' | 'id'): T {
  if (!found)
    throw refused(by === 'link' ? bookingRefusals.linkNotFound : bookingRefusals.notFound);
  return found;
}

/** A move, or another type or notes: refused once the booking is cancelled or has started. */
export function refuseChange(booking: BookingState, now: Date): void {
  refuseIf(changeRefusal(booking, now));
}

/**
 * Whether there is anything to cancel: false when it is cancelled already (cancelling twice is
 * harmless); refused once it has started.
 */
export function needsCancelling(booking: BookingState, now: Date): boolean {
  refuseIf(cancelRefusal(booking, now));
  return booking.status !== 'cancelled';
}

/** Staff's no-show mark and its undo: refused on a cancelled booking or one not yet started. */
export function refuseNoShowMark(booking: BookingState, now: Date): void {
  refuseIf(noShowRefusal(booking, now));
}

/** Onsite only for jobs with enough panes, at booking and on a change of type. */
export function refuseOnsite(serviceType: string, onsite: Onsite): void {
  refuseIf(onsiteServiceRefusal(serviceType, onsite));
}

/** The guarded write found the booking no longer as read (cancelled, moved, changed). */
export const changedMeanwhile = () => refused(bookingRefusals.changed);

/** The time went to another booking or hold first. */
export const slotTaken = () => refused(bookingRefusals.slotTaken);
