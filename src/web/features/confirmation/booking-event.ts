import { bookingCalendarUid, type CalendarEvent } from '#shared/booking/calendar-event.ts';
import type { LastBooking } from '#web/lib/last-booking.ts';

export const serviceLabel = (serviceType: string) =>
  serviceType === 'onsite' ? 'Onsite consultation' : 'Phone consultation';

/**
 * The calendar entry of a booking. The manage link stays out of it on purpose: calendars are
 * shared and synced, and the Google link travels as a URL to a third party.
 */
export function bookingEvent(
  booking: LastBooking,
  businessName: string,
  now: number,
): CalendarEvent {
  const service = serviceLabel(booking.serviceType).toLowerCase();
  const onsite = booking.serviceType === 'onsite';
  // no name until an admin confirms the business details: the entry names no placeholder
  const consultant = businessName ? `Your consultant from ${businessName}` : 'Your consultant';
  return {
    uid: bookingCalendarUid(booking.id),
    start: booking.startTime,
    end: booking.endTime,
    stamp: now,
    summary: businessName
      ? `Window tinting ${service} (${businessName})`
      : `Window tinting ${service}`,
    description: onsite
      ? `${consultant} visits to measure your windows and confirm the price. To change or cancel, use the link on your booking confirmation.`
      : `${consultant} calls you on the number you gave us. To change or cancel, use the link on your booking confirmation.`,
    location: onsite && booking.address ? booking.address : undefined,
  };
}
