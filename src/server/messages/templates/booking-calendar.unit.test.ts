import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarEventFor } from './booking-calendar';
import { bookingContext } from './message-fixtures';

describe('calendarEventFor', () => {
  const parse = (ics: string) => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    return { calendar, vevent, event: new ICAL.Event(vevent) };
  };
  const now = new Date('2026-11-20T01:02:03Z');

  it('invites the customer from the business, with the booking’s UID and times in UTC', () => {
    const { calendar, vevent, event } = parse(
      calendarEventFor(
        bookingContext({ booking: { serviceType: 'onsite', sequence: 2 } }),
        'REQUEST',
        now,
      ),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    // the UID the confirmation page's download uses: both update one calendar entry
    expect(event.uid).toBe('8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6@tintbook');
    expect(event.sequence).toBe(2);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T23:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-20T01:02:03Z');
    expect(event.summary).toBe('Window tinting onsite consultation (Tint & Co)');
    expect(event.location).toBe('12 Smith Street, Fitzroy VIC 3065');
    expect(event.description).toContain(
      'To change or cancel: https://tint.example/reschedule?token=tok_abc&from=email',
    );
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:bookings@tint.example');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Tint & Co');
    expect(vevent.getFirstPropertyValue('attendee')).toBe('mailto:alex@example.com');
    expect(vevent.getFirstProperty('attendee')!.getParameter('cn')).toBe('Alex Citizen');
  });

  it('a phone consultation has no location', () => {
    const { event } = parse(calendarEventFor(bookingContext(), 'REQUEST', now));
    expect(event.location).toBeNull();
    expect(event.description).toContain('calls you on 0412 345 678');
  });

  it('a cancel outranks the last invitation', () => {
    const { calendar, vevent, event } = parse(
      calendarEventFor(bookingContext({ booking: { sequence: 3 } }), 'CANCEL', now),
    );
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.sequence).toBe(4);
    expect(event.uid).toBe('8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6@tintbook');
  });
});
