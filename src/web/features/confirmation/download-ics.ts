// Shared with /reschedule (web/lib/booking-calendar.ts).
export { downloadIcs } from '#web/lib/booking-calendar.ts';
