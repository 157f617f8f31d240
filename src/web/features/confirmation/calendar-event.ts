// The booking as a calendar entry: an RFC 5545 file made in the browser, and a Google Calendar
// link. Times in UTC ("…Z"), so no time-zone block is needed and every calendar agrees.

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

export function icsFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//TintBook//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(Date.parse(event.start))}`,
    `DTEND:${utcStamp(Date.parse(event.end))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
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
