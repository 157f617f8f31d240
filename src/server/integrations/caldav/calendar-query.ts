import type { Resolve } from '#server/integrations/outbound-address.ts';
import {
  CalendarReadError,
  calendarMessages,
  readCalendar,
} from '#server/integrations/ics/calendar-request.ts';

// A CalDAV calendar-query REPORT (RFC 4791 §7.8) for a consultant's busy times (issue 29, ADR
// 053): every VEVENT object that overlaps the range, as whole calendar objects (a recurring
// event's master and its overridden instances together). The expansion is ours (busy-times.ts),
// the same for CalDAV and ICS addresses; servers differ in how well they expand themselves.

export interface CalendarQuery {
  url: URL;
  username: string;
  password: string;
  start: Date;
  end: Date;
  timeoutMs: number;
  maxBytes: number;
  resolve?: Resolve | undefined;
}

/** 20261123T000000Z: the UTC form a time-range takes. */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function calendarQueryBody(start: Date, end: Date): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><D:getetag/><C:calendar-data/></D:prop>
  <C:filter>
    <C:comp-filter name="VCALENDAR">
      <C:comp-filter name="VEVENT">
        <C:time-range start="${utcStamp(start)}" end="${utcStamp(end)}"/>
      </C:comp-filter>
    </C:comp-filter>
  </C:filter>
</C:calendar-query>`;
}

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(
    /<!\[CDATA\[([\s\S]*?)\]\]>|&(#x[0-9a-f]+|#\d+|\w+);/gi,
    (whole, cdata, ref) => {
      if (cdata !== undefined) return cdata as string;
      const name = ref as string;
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return entities[name] ?? whole;
    },
  );
}

/**
 * The calendar-data of each response of a multistatus answer. The element is found by its local
 * name under any prefix (servers choose their own; `cal:`, `C:`, or a default namespace); its text
 * is XML-escaped iCalendar or CDATA. No XML library: the answer's one element of interest is text.
 */
export function calendarDataOf(multistatus: string): string[] {
  if (!/<([\w-]+:)?multistatus[\s>]/i.test(multistatus)) {
    throw new CalendarReadError(calendarMessages.notCalendar);
  }
  const found: string[] = [];
  const element = /<([\w-]+:)?calendar-data\b[^>]*?(\/)?>(?:([\s\S]*?)<\/\1?calendar-data\s*>)?/gi;
  for (const match of multistatus.matchAll(element)) {
    if (match[2] || !match[3]) continue;
    const text = decodeXmlText(match[3]).trim();
    if (text) found.push(text);
  }
  return found;
}

/** The calendar objects with events in [start, end); CalendarReadError in plain words. */
export async function queryCalendar(query: CalendarQuery): Promise<string[]> {
  const credentials = Buffer.from(`${query.username}:${query.password}`).toString('base64');
  const answer = await readCalendar({
    method: 'REPORT',
    url: query.url,
    headers: {
      authorization: `Basic ${credentials}`,
      depth: '1',
      'content-type': 'application/xml; charset=utf-8',
      accept: 'application/xml, text/xml',
    },
    body: calendarQueryBody(query.start, query.end),
    timeoutMs: query.timeoutMs,
    maxBytes: query.maxBytes,
    resolve: query.resolve,
  });
  return calendarDataOf(answer);
}
