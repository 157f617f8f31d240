import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  bookingCalendarUid,
  escapeText,
  foldLine,
  googleCalendarUrl,
  icsFile,
  utcStamp,
} from './calendar-event';

const event = {
  uid: '8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6@tintbook',
  start: '2026-11-25T09:00:00+11:00',
  end: '2026-11-25T09:30:00+11:00',
  stamp: Date.parse('2026-11-20T01:02:03.456Z'),
  summary: 'Window tinting: phone consultation',
  description: 'Your consultant calls you, then confirms the price; see you soon.\nThanks!',
  location: '12 Smith Street, Fitzroy VIC 3065',
  url: 'https://tintbook.example/reschedule?token=abc',
};

describe('the calendar file (RFC 5545)', () => {
  it('has the event in UTC, with a UID and DTSTAMP, in CRLF lines', () => {
    const ics = icsFile(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '').includes('\n')).toBe(false);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('DTSTART:20261124T220000Z');
    expect(lines).toContain('DTEND:20261124T223000Z');
    expect(lines).toContain('DTSTAMP:20261120T010203Z');
    expect(lines).toContain(`UID:${event.uid}`);
    expect(lines).toContain('SUMMARY:Window tinting: phone consultation');
    expect(lines).toContain('LOCATION:12 Smith Street\\, Fitzroy VIC 3065');
    expect(lines).toContain(
      'DESCRIPTION:Your consultant calls you\\, then confirms the price\\; see you soon.\\nThanks!',
    );
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes backslashes first', () => {
    expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(long);
  });

  it('writes instants the way calendars read them', () => {
    expect(utcStamp(Date.parse('2026-04-05T02:30:00+10:00'))).toBe('20260404T163000Z');
  });
});

describe('the Google Calendar link', () => {
  it('is a TEMPLATE with the UTC range', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.summary);
    expect(url.searchParams.get('dates')).toBe('20261124T220000Z/20261124T223000Z');
    expect(url.searchParams.get('details')).toContain(event.url);
    expect(url.searchParams.get('location')).toBe(event.location);
  });
});

describe('invitations (RFC 5546)', () => {
  const organizer = { name: 'Tint "Co", Melbourne', email: 'bookings@tint.example' };
  const attendee = { name: 'Alex Citizen', email: 'alex@example.com' };

  it('parses as a REQUEST with the same UID, the sequence and both people', () => {
    const calendar = new ICAL.Component(
      ICAL.parse(icsFile({ ...event, sequence: 3, organizer, attendee }, 'REQUEST')),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(event.uid);
    expect(parsed.sequence).toBe(3);
    expect(parsed.startDate.toJSDate().toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(parsed.startDate.zone?.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const organizerProperty = vevent.getFirstProperty('organizer')!;
    expect(organizerProperty.getFirstValue()).toBe('mailto:bookings@tint.example');
    // a double quote cannot live inside a quoted parameter: dropped, the rest kept
    expect(organizerProperty.getParameter('cn')).toBe('Tint Co, Melbourne');
    expect(vevent.getFirstProperty('attendee')!.getFirstValue()).toBe('mailto:alex@example.com');
  });

  it('cancels with STATUS:CANCELLED', () => {
    const lines = icsFile({ ...event, sequence: 1, organizer, attendee }, 'CANCEL').split('\r\n');
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines).toContain('SEQUENCE:1');
  });

  it('publishes a download with sequence 0 and nobody named', () => {
    const lines = icsFile(event).split('\r\n');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines.some((line) => /^(ORGANIZER|ATTENDEE|STATUS)/.test(line))).toBe(false);
  });

  it('refuses an invitation without an organizer and an attendee', () => {
    expect(() => icsFile(event, 'REQUEST')).toThrow(RangeError);
    expect(() => icsFile({ ...event, organizer }, 'CANCEL')).toThrow(RangeError);
  });

  it('gives a booking the UID the browser download has always used', () => {
    expect(bookingCalendarUid('8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6')).toBe(
      '8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6@tintbook',
    );
  });
});
