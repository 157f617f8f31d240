import { describe, expect, it } from 'vitest';
import { CalendarReadError } from '#server/integrations/ics/calendar-request.ts';
import { calendarDataOf, calendarQueryBody } from './calendar-query';

// Issue 29: the calendar-query REPORT's body, and the calendar objects out of a multistatus
// answer whatever prefixes the server chose.
describe('CalDAV calendar-query', () => {
  it('asks for the VEVENTs overlapping the window, in UTC', () => {
    const body = calendarQueryBody(
      new Date('2026-11-21T13:00:00Z'),
      new Date('2026-12-24T13:00:00.000Z'),
    );
    expect(body).toContain('<C:comp-filter name="VEVENT">');
    expect(body).toContain('<C:time-range start="20261121T130000Z" end="20261224T130000Z"/>');
    expect(body).toContain('<C:calendar-data/>');
  });

  it('takes calendar-data under any prefix, escaped or in CDATA, and skips empty ones', () => {
    const answer = `<?xml version="1.0"?>
<multistatus xmlns="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
  <response><href>/a.ics</href><propstat><prop>
    <cal:calendar-data>BEGIN:VCALENDAR&#13;
SUMMARY:Fish &amp; chips &lt;3&#x21;&#13;
END:VCALENDAR</cal:calendar-data></prop></propstat></response>
  <response><href>/b.ics</href><propstat><prop>
    <C:calendar-data xmlns:C="urn:ietf:params:xml:ns:caldav"><![CDATA[BEGIN:VCALENDAR
END:VCALENDAR]]></C:calendar-data></prop></propstat></response>
  <response><href>/c.ics</href><propstat><prop><calendar-data/></prop>
    <status>HTTP/1.1 404 Not Found</status></propstat></response>
</multistatus>`;
    expect(calendarDataOf(answer)).toEqual([
      'BEGIN:VCALENDAR\r\nSUMMARY:Fish & chips <3!\r\nEND:VCALENDAR',
      'BEGIN:VCALENDAR\nEND:VCALENDAR',
    ]);
    expect(calendarDataOf('<d:multistatus xmlns:d="DAV:"></d:multistatus>')).toEqual([]);
  });

  it('refuses an answer that is no multistatus', () => {
    expect(() => calendarDataOf('<html>Log in</html>')).toThrow(CalendarReadError);
  });
});
