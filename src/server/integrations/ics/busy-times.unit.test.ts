import { describe, expect, it } from 'vitest';
import { wallClock } from '#shared/booking/calendar.ts';
import {
  busyCalendar,
  calendarOf,
  expectedBusy,
  plainEvent,
} from '#tests/helpers/busy-calendar.ts';
import { busyTimesOf, merged } from './busy-times';
import { CalendarReadError } from './calendar-request';
import { readBusyTimes } from './read-busy-times';

// Issue 29: a consultant's busy times out of their calendar, expanded with frozen dates around
// Melbourne's DST start (4 October 2026).
const timezone = 'Australia/Melbourne';
const window = {
  start: wallClock('2026-09-27', 0, timezone),
  end: wallClock('2026-10-29', 0, timezone),
  timezone,
};
const iso = (list: { start: number; end: number }[]) =>
  list.map((i) => ({ start: new Date(i.start).toISOString(), end: new Date(i.end).toISOString() }));

describe('busy times of a calendar', () => {
  it('blocks opaque events, expands the weekly one across DST with its exceptions, skips the rest', () => {
    expect(iso(busyTimesOf([busyCalendar], window))).toEqual(expectedBusy);
  });

  it('is the same on the worker thread', async () => {
    expect(iso(await readBusyTimes([busyCalendar], window))).toEqual(expectedBusy);
  });

  it('clips to the window and merges overlapping and touching events', () => {
    const text = calendarOf(
      plainEvent('a@x', '2026-09-26T12:00:00Z', '2026-09-27T01:00:00Z'),
      plainEvent('b@x', '2026-10-01T00:00:00Z', '2026-10-01T01:00:00Z'),
      plainEvent('c@x', '2026-10-01T00:30:00Z', '2026-10-01T02:00:00Z'),
      plainEvent('d@x', '2026-10-01T02:00:00Z', '2026-10-01T03:00:00Z'),
      plainEvent('e@x', '2026-12-01T00:00:00Z', '2026-12-01T01:00:00Z'),
    );
    expect(iso(busyTimesOf([text], window))).toEqual([
      { start: '2026-09-26T14:00:00.000Z', end: '2026-09-27T01:00:00.000Z' },
      { start: '2026-10-01T00:00:00.000Z', end: '2026-10-01T03:00:00.000Z' },
    ]);
    expect(
      merged(
        [
          { start: 5, end: 9 },
          { start: 1, end: 5 },
        ],
        { start: 0, end: 10 },
      ),
    ).toEqual([{ start: 1, end: 9 }]);
  });

  it('refuses what is no calendar, and calendars over the limits', () => {
    const refusal = (texts: string[], limits?: { maxEvents: number; maxOccurrences: number }) => {
      try {
        busyTimesOf(texts, window, limits);
      } catch (err) {
        expect(err).toBeInstanceOf(CalendarReadError);
        return (err as Error).message;
      }
      return 'read';
    };
    expect(refusal(['<html>Sign in</html>'])).toBe('That address did not answer with a calendar.');
    expect(refusal(['BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage'])).toBe(
      'That address did not answer with a calendar.',
    );
    expect(refusal([busyCalendar], { maxEvents: 5, maxOccurrences: 1000 })).toBe(
      'The calendar is too large (over 5 events).',
    );
    // the weekly event since 1 September walks 9 occurrences to reach the window's end
    expect(refusal([busyCalendar], { maxEvents: 100, maxOccurrences: 5 })).toBe(
      'The calendar is too large (over 5 repeated events).',
    );
  });

  it('gives up a rule that never ends on its thread, not on the event loop', async () => {
    // every second of every 30 February: ical.js searches for one forever
    const hostile = calendarOf(`BEGIN:VEVENT
UID:never@x
DTSTAMP:20260901T000000Z
DTSTART:20260901T000000Z
DTEND:20260901T000001Z
RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30
END:VEVENT`);
    const started = performance.now();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 50);
    await expect(readBusyTimes([hostile], window)).rejects.toThrow(
      /too large or too complex|too large \(over/,
    );
    clearInterval(timer);
    // the event loop kept turning meanwhile
    expect(ticks.length).toBeGreaterThan(2);
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
