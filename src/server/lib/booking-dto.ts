import type { Booking } from '#shared/booking/booking.contract.ts';
import { dateIn, toOffsetIso } from '#shared/booking/calendar.ts';
import type { BookingRow } from '#server/db/booking-store.ts';

// pure, in src/shared: the static demo build words its times the same way
export { friendlyTime } from '#shared/booking/friendly-time.ts';

/** A bookings row as the API shows it (spec §3), times in the booking time zone. */
export function toBookingDto(row: BookingRow, timezone: string): Booking {
  const startTime = toOffsetIso(row.startTime.getTime(), timezone);
  const endTime = toOffsetIso(row.endTime.getTime(), timezone);
  return {
    id: row.id,
    customerId: row.customerId,
    staffId: row.staffId,
    serviceType: row.serviceType,
    date: dateIn(row.startTime, timezone),
    timeSlot: {
      id: `${row.staffId}:${startTime}`,
      startTime,
      endTime,
      available: false,
      staffId: row.staffId,
    },
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    notes: row.notes,
    measurements: row.measurements ?? null,
    estimatedPrice: row.estimatedPriceCents,
    promoCode: row.promoCode,
    trakJobId: row.trakJobId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
