import type { Booking } from '#shared/booking/booking.contract.ts';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import { embedMessageTypes, type EmbedBooked } from '#shared/embed/embed-messages.ts';
import { contactSummary } from '#web/lib/contact-summary.ts';
import { postToHost } from '#web/lib/embed/embed-host.ts';
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
  // on the business's own site (issue 30): its Google Ads or GA4 tag can count the conversion
  const booked: EmbedBooked = {
    type: embedMessageTypes.booked,
    bookingId: booking.id,
    value: booking.estimatedPrice === null ? null : booking.estimatedPrice / 100,
    currency: 'AUD',
  };
  postToHost(booked);
  void reportSessionCompleted(startFreshSession());
}
