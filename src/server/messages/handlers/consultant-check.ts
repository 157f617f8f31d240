import type { BookingRow } from '#server/db/booking-store.ts';
import type { ConsultantNoticePayload } from '#server/messages/consultant-notices.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';

/**
 * A consultant's notice goes only while it is still true of them when it goes (a text waits out
 * the quiet hours, a provider may be down): 'new' and 'moved' while the booking is live and
 * theirs; 'cancelled' unless it is live and theirs again (given back to them meanwhile, when the
 * later 'new' tells them).
 */
export function consultantNoticeStale(
  delivery: Pick<DeliveryRow, 'kind' | 'payload'>,
  booking: Pick<BookingRow, 'status' | 'staffId'>,
): Skipped | undefined {
  const { consultantId } = delivery.payload as Partial<ConsultantNoticePayload>;
  const theirs = booking.status !== 'cancelled' && booking.staffId === consultantId;
  if (delivery.kind === 'consultant_booking_cancelled') {
    return theirs ? { skipped: 'The booking was given back to this consultant' } : undefined;
  }
  if (booking.status === 'cancelled') return { skipped: 'The booking was cancelled' };
  if (!theirs) return { skipped: 'The booking was given to another consultant' };
  return undefined;
}
