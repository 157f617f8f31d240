import type { BookingEvent } from './booking-messages';
import type { ConsultantFacts } from './consultant-notices';
import { oncePer, type NewDelivery } from './deliveries.repository';
import type { CalendarEventPayload } from './handlers/calendar-handler';

// Bookings written into consultants' CalDAV calendars (issue 29, ADR 053): one job per change and
// calendar, planned with the notices on the change's own transaction, for the consultants who
// have one connected then. The job itself reads the booking when it runs
// (handlers/calendar-handler.ts), so which event queued it only decides whose calendar it is.

/** `extra`: more of the dedupe key, for a change that keeps the calendar SEQUENCE (notes). */
export function planCalendarWrites(
  event: BookingEvent,
  { booking, consultant, before }: ConsultantFacts,
  extra = '',
): NewDelivery[] {
  const whose =
    before && before.staffId !== booking.staffId ? [before.consultant, consultant] : [consultant];
  return whose.flatMap((to) => {
    if (!to?.caldav) return [];
    const payload: CalendarEventPayload = { consultantId: to.id };
    return [
      oncePer(`${booking.id}:${to.id}:${booking.calendarSequence}:${event}${extra}`, {
        channel: 'calendar',
        kind: 'calendar_event',
        recipient: `${to.name}'s calendar`,
        bookingId: booking.id,
        leadId: booking.leadId,
        payload: { ...payload },
      }),
    ];
  });
}
