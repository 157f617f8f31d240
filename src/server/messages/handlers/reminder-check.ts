import type { BookingRow } from '#server/db/booking-store.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';

/**
 * A reminder goes only for the booking it was queued for: still live, at the same time (a move
 * queues new reminders, so the old ones skip), and not started yet.
 */
export function reminderStillDue(
  delivery: DeliveryRow,
  booking: BookingRow,
  now: Date,
): Skipped | undefined {
  if (booking.status === 'cancelled') return { skipped: 'The booking was cancelled' };
  if (delivery.payload.start !== booking.startTime.toISOString()) {
    return { skipped: 'The booking moved: a reminder for the new time is queued' };
  }
  if (booking.startTime <= now) return { skipped: 'The appointment has started' };
  return undefined;
}
