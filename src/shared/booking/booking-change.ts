import { errorCodes, type ErrorCode } from '#shared/api/error.ts';
import { bookingMessages as m, onsiteRefusal } from './booking.contract';
import type { Onsite } from '#shared/estimate/estimate.contract.ts';
import { noShowMessages } from '#shared/leads/lead-detail.contract.ts';

// When a booking may still change: the customer's manage link and staff (on the customer's
// behalf) follow the same rules, on the server and in the static demo alike. A refusal names its
// code for screens to act on and the spec's sentence for people.

export interface BookingRefusal {
  status: 400 | 404 | 409;
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}

interface BookingState {
  status: string;
  /** A Date on the server, an ISO instant in the demo. */
  startTime: Date | string;
}

export const hasStarted = (booking: BookingState, now: Date) =>
  new Date(booking.startTime).getTime() <= now.getTime();

export const bookingRefusals = {
  /** The customer's link names no booking. */
  linkNotFound: { status: 404, code: errorCodes.notFound, message: m.manageNotFound },
  /** No booking has that id (staff, and the API by id). */
  notFound: { status: 404, code: errorCodes.notFound, message: m.bookingNotFound },
  cancelled: { status: 409, code: errorCodes.bookingCancelled, message: m.cancelled },
  started: { status: 409, code: errorCodes.bookingStarted, message: m.past },
  /** A guarded write found the booking no longer as read: cancelled, moved or changed meanwhile. */
  changed: { status: 409, code: errorCodes.bookingChanged, message: m.changed },
  /** The time went to another booking or hold first. */
  slotTaken: { status: 409, code: errorCodes.slotTaken, message: m.slotTaken },
} as const satisfies Record<string, BookingRefusal>;

/** Why a booking can no longer be moved or given another type or notes; null while it can. */
export function changeRefusal(booking: BookingState, now: Date): BookingRefusal | null {
  if (booking.status === 'cancelled') return bookingRefusals.cancelled;
  if (hasStarted(booking, now)) return bookingRefusals.started;
  return null;
}

/**
 * Why a booking cannot be cancelled (it started); null when it can, or when it is cancelled
 * already: cancelling twice is harmless and answers the booking as it is.
 */
export function cancelRefusal(booking: BookingState, now: Date): BookingRefusal | null {
  return booking.status === 'cancelled' ? null : changeRefusal(booking, now);
}

/** Staff's no-show mark (and its undo): only on a booking whose time has started. */
export function noShowRefusal(booking: BookingState, now: Date): BookingRefusal | null {
  if (booking.status === 'cancelled') return bookingRefusals.cancelled;
  if (hasStarted(booking, now)) return null;
  return { status: 409, code: errorCodes.conflict, message: noShowMessages.notStarted };
}

/** Onsite consultations only for jobs with enough panes (leadFacts), at booking and on a change. */
export function onsiteServiceRefusal(
  serviceType: string | undefined,
  onsite: Onsite,
): BookingRefusal | null {
  if (serviceType !== 'onsite' || onsite.available) return null;
  const message = onsiteRefusal(onsite.threshold);
  return { status: 400, code: errorCodes.validation, message, fields: { serviceType: message } };
}
