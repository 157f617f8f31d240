import {
  bookingCalendarUid,
  googleCalendarUrl,
  icsFile,
  type CalendarEvent,
} from '#shared/booking/calendar-event.ts';

// The booking as a calendar entry in the browser: /confirmation and /reschedule make it with the
// same shared generator as the e-mailed invitation, so the UID (from the booking id) is the same
// everywhere and a moved booking's file, with a higher SEQUENCE, updates the entry already there.

export const serviceLabel = (serviceType: string) =>
  serviceType === 'onsite' ? 'Onsite consultation' : 'Phone consultation';

export interface CalendarBooking {
  id: string;
  serviceType: string;
  startTime: string;
  endTime: string;
  address: string | null;
}

/**
 * The calendar entry of a booking. The manage link stays out of it on purpose: calendars are
 * shared and synced, and the Google link travels as a URL to a third party. `sequence`: the
 * booking's calendar sequence (0 when first booked; one more at every move or change of type).
 */
export function bookingEvent(
  booking: CalendarBooking,
  businessName: string,
  now: number,
  sequence = 0,
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
    sequence,
    summary: businessName
      ? `Window tinting ${service} (${businessName})`
      : `Window tinting ${service}`,
    description: onsite
      ? `${consultant} visits to measure your windows and confirm the price. To change or cancel, use the link on your booking confirmation.`
      : `${consultant} calls you on the number you gave us. To change or cancel, use the link on your booking confirmation.`,
    location: onsite && booking.address ? booking.address : undefined,
  };
}

export { googleCalendarUrl };

/** Hands the file to the browser as a download. */
export function downloadIcs(event: CalendarEvent, fileName: string): void {
  const url = URL.createObjectURL(
    new Blob([icsFile(event)], { type: 'text/calendar;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // some browsers read the blob after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
