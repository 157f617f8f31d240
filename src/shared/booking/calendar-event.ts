// The booking as a calendar entry: one RFC 5545 generator for the file the browser downloads
// (METHOD:PUBLISH) and the invitation the confirmation e-mail carries (RFC 5546 REQUEST and
// CANCEL), plus a Google Calendar link. Times in UTC ("…Z"), so no time-zone block is needed and
// every calendar agrees.

/** PUBLISH: a file to import; REQUEST: an invitation (new or updated); CANCEL: withdraws it. */
export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface CalendarPerson {
  name: string;
  email: string;
}

/**
 * One UID per booking, whoever makes the file: the downloaded file and every e-mailed
 * invitation then update the same calendar entry instead of adding another.
 */
export function bookingCalendarUid(bookingId: string): string {
  return `${bookingId}@tintbook`;
}

export interface CalendarEvent {
  uid: string;
  start: string;
  end: string;
  /** When the file was made (DTSTAMP). */
  stamp: number;
  summary: string;
  description: string;
  location?: string | undefined;
  url?: string | undefined;
  /** Grows with every change, so calendars keep the newest version (RFC 5545 §3.8.7.4). */
  sequence?: number | undefined;
  /** Required by REQUEST and CANCEL (RFC 5546 §3.2). */
  organizer?: CalendarPerson | undefined;
  attendee?: CalendarPerson | undefined;
  /** A published entry's status (a feed lists a cancelled booking as CANCELLED). */
  status?: 'CONFIRMED' | 'CANCELLED' | undefined;
}

/** 20261124T220000Z */
export function utcStamp(instant: number): string {
  return new Date(instant)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in TEXT values. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: lines of at most 75 octets, continued after CRLF and one space. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join('\r\n ');
}

/** A parameter value (CN) is quoted; a double quote or control character cannot appear in it. */
function quotedParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

const person = (property: string, who: CalendarPerson, parameters = '') =>
  `${property};CN=${quotedParam(who.name)}${parameters}:mailto:${who.email}`;

function scheduling(event: CalendarEvent, method: CalendarMethod): string[] {
  if (method === 'PUBLISH') return [];
  if (!event.organizer || !event.attendee) {
    throw new RangeError(`METHOD:${method} needs an organizer and an attendee`);
  }
  return [
    person('ORGANIZER', event.organizer),
    // RSVP=FALSE: nobody reads replies, the manage link is how a customer answers
    person('ATTENDEE', event.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE'),
    method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
  ];
}

function eventLines(event: CalendarEvent, method: CalendarMethod | null): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(Date.parse(event.start))}`,
    `DTEND:${utcStamp(Date.parse(event.end))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(method && method !== 'PUBLISH'
      ? scheduling(event, method)
      : event.status
        ? [`STATUS:${event.status}`]
        : []),
    'END:VEVENT',
  ];
}

/**
 * A calendar of events. `method` null: a calendar object as CalDAV stores it, which must not
 * name a METHOD (RFC 4791 §4.1). `name`: what a subscribing calendar calls it.
 */
export function icsCalendar(
  events: CalendarEvent[],
  method: CalendarMethod | null,
  name?: string,
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TintBook//Booking//EN',
    'CALSCALE:GREGORIAN',
    ...(method ? [`METHOD:${method}`] : []),
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...events.flatMap((event) => eventLines(event, method)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function icsFile(event: CalendarEvent, method: CalendarMethod = 'PUBLISH'): string {
  return icsCalendar([event], method);
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.summary,
    dates: `${utcStamp(Date.parse(event.start))}/${utcStamp(Date.parse(event.end))}`,
    details: event.url ? `${event.description}\n\n${event.url}` : event.description,
    ...(event.location && { location: event.location }),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}
