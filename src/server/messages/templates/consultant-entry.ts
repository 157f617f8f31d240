import {
  bookingCalendarUid,
  icsCalendar,
  type CalendarEvent,
} from '#shared/booking/calendar-event.ts';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import { parseLeadData } from '#shared/leads/lead-data.ts';
import type { CalendarEntryRow } from '#server/messages/calendar-entries.repository.ts';
import { fullName, oneLine } from './format';

// A booking as the consultant's own calendar shows it (issue 29, ADR 053): the feed and the
// CalDAV copy alike. The UID is the e-mailed entry's, so the three are one event wherever they
// meet. Only what the visit or call needs: the customer's name, mobile and (onsite) address,
// the notes, their concern and panes, and the lead's link; never e-mail, price or manage link.

export interface EntryContext {
  /** Where staff open the app (the lead's link). */
  appUrl: string;
  /** Pain point ids as the customer chose them, by name. */
  concerns: Map<string, string>;
  /** DTSTAMP. */
  now: Date;
}

export function consultantEntry(row: CalendarEntryRow, ctx: EntryContext): CalendarEvent {
  const { booking, customer } = row;
  const onsite = booking.serviceType === 'onsite';
  const name = customer ? fullName(customer) : 'Customer';
  const suburb = customer?.suburb ? oneLine(customer.suburb) : '';
  const details = parseLeadData(row.leadData).details;
  const concern = details?.painPoint && (ctx.concerns.get(details.painPoint) ?? details.painPoint);
  const cancelled = booking.status === 'cancelled';
  const lines = [
    ...(customer ? [`Mobile: ${formatAustralianPhone(customer.phone)}`] : []),
    ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
    ...(concern ? [`Concern: ${concern}`] : []),
    ...(details?.glassCount ? [`Panes: ${details.glassCount}`] : []),
    ...(booking.leadId ? ['', `The lead: ${ctx.appUrl}/leads/${booking.leadId}`] : []),
  ];
  return {
    uid: bookingCalendarUid(booking.id),
    // a cancel must outrank the last version even though the booking's sequence did not move
    sequence: booking.calendarSequence + (cancelled ? 1 : 0),
    stamp: ctx.now.getTime(),
    start: booking.startTime.toISOString(),
    end: booking.endTime.toISOString(),
    summary: onsite ? `Onsite: ${name}${suburb ? `, ${suburb}` : ''}` : `Phone: ${name}`,
    description: lines.join('\n'),
    location: onsite && customer?.address ? oneLine(customer.address) : undefined,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** One booking as a CalDAV calendar object (no METHOD). */
export function consultantEventFile(row: CalendarEntryRow, ctx: EntryContext): string {
  return icsCalendar([consultantEntry(row, ctx)], null);
}
