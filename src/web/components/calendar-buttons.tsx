import type { CalendarEvent } from '#shared/booking/calendar-event.ts';
import { downloadIcs, googleCalendarUrl } from '#web/lib/booking-calendar.ts';

/**
 * 'Add to calendar' (an .ics download) and 'Add to Google Calendar' for a booking: /confirmation
 * offers them after booking, /reschedule after a change. `event` is built when pressed, so the
 * file's DTSTAMP is the moment of the download.
 */
export function CalendarButtons({
  event,
  downloadHint,
}: {
  event: () => CalendarEvent;
  /** Said to screen readers after 'Add to calendar', e.g. 'downloads a calendar file'. */
  downloadHint: string;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <button
        type="button"
        className="btn-primary"
        onClick={() => downloadIcs(event(), 'tintbook-booking.ics')}
      >
        Add to calendar
        <span className="sr-only"> ({downloadHint})</span>
      </button>
      <a
        href={googleCalendarUrl(event())}
        target="_blank"
        rel="noopener noreferrer"
        className="btn-quiet"
      >
        Add to Google Calendar
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
