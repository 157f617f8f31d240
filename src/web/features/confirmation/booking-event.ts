// The booking's calendar entry is shared with /reschedule (web/lib/booking-calendar.ts).
export { bookingEvent, serviceLabel } from '#web/lib/booking-calendar.ts';
