// Test fixture of issue 29: a consultant's own calendar around Melbourne's DST start (Sunday 4
// October 2026, 02:00 AEST → 03:00 AEDT), with everything that does and does not make them busy.

const melbourne = `BEGIN:VTIMEZONE
TZID:Australia/Melbourne
BEGIN:STANDARD
TZOFFSETFROM:+1100
TZOFFSETTO:+1000
TZNAME:AEST
DTSTART:19700405T030000
RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
END:STANDARD
BEGIN:DAYLIGHT
TZOFFSETFROM:+1000
TZOFFSETTO:+1100
TZNAME:AEDT
DTSTART:19701004T020000
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU
END:DAYLIGHT
END:VTIMEZONE`;

const event = (lines: string) =>
  `BEGIN:VEVENT\nDTSTAMP:20260901T000000Z\n${lines.trim()}\nEND:VEVENT`;

/** Wraps VEVENTs (and the Melbourne VTIMEZONE) in a VCALENDAR with CRLF line ends. */
export const calendarOf = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Busy//EN',
    melbourne,
    ...events,
    'END:VCALENDAR',
  ]
    .join('\n')
    .replaceAll('\n', '\r\n');

export const busyCalendar = calendarOf(
  // every Tuesday 10:00–11:00 Melbourne time, on both sides of the DST change
  event(`
UID:weekly-standup@example.com
SUMMARY:Team meeting
DTSTART;TZID=Australia/Melbourne:20260901T100000
DTEND;TZID=Australia/Melbourne:20260901T110000
RRULE:FREQ=WEEKLY;BYDAY=TU
EXDATE;TZID=Australia/Melbourne:20261013T100000`),
  // the 20 October one moved to Wednesday 21 October 14:00
  event(`
UID:weekly-standup@example.com
RECURRENCE-ID;TZID=Australia/Melbourne:20261020T100000
SUMMARY:Team meeting (moved)
DTSTART;TZID=Australia/Melbourne:20261021T140000
DTEND;TZID=Australia/Melbourne:20261021T150000`),
  // the 27 October one cancelled
  event(`
UID:weekly-standup@example.com
RECURRENCE-ID:20261026T230000Z
STATUS:CANCELLED
DTSTART;TZID=Australia/Melbourne:20261027T100000
DTEND;TZID=Australia/Melbourne:20261027T110000`),
  event(`
UID:free-time@example.com
TRANSP:TRANSPARENT
DTSTART;TZID=Australia/Melbourne:20260930T100000
DTEND;TZID=Australia/Melbourne:20260930T110000`),
  event(`
UID:7c1f9c7e-0000-4000-8000-000000000001@tintbook
SUMMARY:Phone: a TintBook booking
DTSTART:20260930T030000Z
DTEND:20260930T033000Z`),
  event(`
UID:conference@example.com
DTSTART;VALUE=DATE:20261001
DTEND;VALUE=DATE:20261002`),
  event(`
UID:birthday@example.com
TRANSP:TRANSPARENT
DTSTART;VALUE=DATE:20261002
DTEND;VALUE=DATE:20261003`),
  event(`
UID:utc-call@example.com
DTSTART:20261008T030000Z
DTEND:20261008T040000Z`),
  event(`
UID:called-off@example.com
STATUS:CANCELLED
DTSTART;TZID=Australia/Melbourne:20261009T090000
DTEND;TZID=Australia/Melbourne:20261009T100000`),
  event(`
UID:floating-lunch@example.com
DTSTART:20261009T120000
DTEND:20261009T123000`),
);

/** The busy times of busyCalendar from 27 September to 28 October 2026 (UTC). */
export const expectedBusy = [
  { start: '2026-09-29T00:00:00.000Z', end: '2026-09-29T01:00:00.000Z' }, // Tue 10:00 AEST
  { start: '2026-09-30T14:00:00.000Z', end: '2026-10-01T14:00:00.000Z' }, // all of Thu 1 Oct
  { start: '2026-10-05T23:00:00.000Z', end: '2026-10-06T00:00:00.000Z' }, // Tue 10:00 AEDT
  { start: '2026-10-08T03:00:00.000Z', end: '2026-10-08T04:00:00.000Z' }, // Thu 14:00 AEDT
  { start: '2026-10-09T01:00:00.000Z', end: '2026-10-09T01:30:00.000Z' }, // Fri 12:00 floating
  { start: '2026-10-21T03:00:00.000Z', end: '2026-10-21T04:00:00.000Z' }, // the moved one
];

/** Monday 28 September 2026, 09:00 in Melbourne (AEST, +10:00): DST starts that Sunday week. */
export const beforeDst = new Date('2026-09-28T09:00:00+10:00');

/** A VEVENT with a UID, from `start` to `end` (UTC ISO). */
export const plainEvent = (uid: string, start: string, end: string) =>
  event(`
UID:${uid}
DTSTART:${start.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}
DTEND:${end.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
