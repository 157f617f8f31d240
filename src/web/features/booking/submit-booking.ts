import type { Booking } from '#shared/booking/booking.contract.ts';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import { contactSummary } from '#web/lib/contact-summary.ts';
import { reportSessionCompleted, startFreshSession } from '#web/lib/fresh-session.ts';
import { readLastBooking, saveLastBooking } from '#web/lib/last-booking.ts';
import type { ServiceType } from '#web/components/slot-picker/booking-api.ts';
import { attemptKey, endAttempt } from './booking-attempt';

export interface CreatedBooking {
  booking: Booking;
  manageToken: string | null;
}

export interface BookingRequest {
  sessionId: string;
  reservationId: string;
  serviceType: ServiceType;
  notes?: string | undefined;
}

/** POST /api/bookings with this attempt's idempotency key. */
export async function createBooking(input: BookingRequest): Promise<CreatedBooking> {
  const idempotencyKey = attemptKey(input.sessionId);
  try {
    const created = await api.post<CreatedBooking>('/api/bookings', { ...input, idempotencyKey });
    endAttempt();
    return created;
  } catch (error) {
    // the server answered and made nothing: the next attempt is a new one. With no answer (or a
    // 5xx) it may have booked, so the key stays for the retry.
    if (error instanceof ApiRequestError && error.status < 500) endAttempt();
    throw error;
  }
}

/**
 * After the booking: the confirmation page gets what it shows (and the manage token, given once),
 * then the browser starts a fresh session (spec §4) and tells the server.
 */
export function completeBooking({ booking, manageToken }: CreatedBooking, timeZone: string): void {
  const { firstName, email, address } = contactSummary();
  const earlier = readLastBooking();
  saveLastBooking({
    id: booking.id,
    serviceType: booking.serviceType,
    startTime: booking.timeSlot.startTime,
    endTime: booking.timeSlot.endTime,
    status: booking.status,
    estimatedPrice: booking.estimatedPrice,
    // a replayed answer has no token: the first answer's, if this browser kept it
    manageToken: manageToken ?? (earlier?.id === booking.id ? earlier.manageToken : null),
    firstName,
    email,
    address,
    timeZone,
  });
  void reportSessionCompleted(startFreshSession());
}
