import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { consultantCalendarEvent } from './booking-calendar';
import {
  bookingCancelledNoticeEmail,
  bookingChangedEmail,
  newBookingEmail,
} from './business-emails';
import {
  consultantCancelledEmail,
  consultantCancelledSms,
  consultantMovedEmail,
  consultantMovedSms,
  consultantNewEmail,
  consultantNewSms,
} from './consultant-notices';
import { bookingContext } from './message-fixtures';

// Issue 28: what a consultant reads of their own bookings, and the business's notices naming them.

const delivery = (payload: Record<string, unknown> = {}): Pick<DeliveryRow, 'payload'> => ({
  payload: { consultantId: 'c1', consultantName: 'Sam', ...payload },
});
const onsite = bookingContext({
  booking: { serviceType: 'onsite', notes: 'Side gate', sequence: 3 },
  consultant: { name: 'Sam Lee' },
});

describe("the consultant's notices", () => {
  it("a new booking: when, what, the customer's number and address, the notes and the lead", () => {
    const email = consultantNewEmail(onsite, delivery());
    expect(email.subject).toBe(
      'New booking for you: Alex Citizen, onsite consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    for (const line of [
      'Hi Sam,',
      'Alex Citizen has booked an onsite consultation with you.',
      'When: Tuesday 24 November 2026, 10:30 am AEDT',
      'Consultation: Onsite consultation',
      'Customer: Alex Citizen',
      'Phone: 0412 345 678',
      'Address: 12 Smith Street, Fitzroy VIC 3065',
      'Notes: Side gate',
      'https://tint.example/leads/lead-1',
    ]) {
      expect(email.text).toContain(line);
    }
    // the manage link is the customer's alone
    expect(email.text).not.toContain('token=');
    expect(consultantNewSms(onsite)).toBe(
      'Tint & Co: new booking for you: onsite consultation with Alex Citizen, Tue 24 Nov, 10:30 am. At 12 Smith Street, Fitzroy VIC 3065.',
    );
    expect(consultantNewSms(bookingContext())).toMatch(/Phone 0412 345 678\.$/);
  });

  it('a move says the time it was; a reassignment away says it is no longer theirs', () => {
    const moved = consultantMovedEmail(onsite, delivery({ was: '2026-11-23T22:00:00.000Z' }));
    expect(moved.subject).toMatch(/^Your booking moved: Alex Citizen/);
    expect(moved.text).toContain('Was: Tuesday 24 November 2026, 9:00 am AEDT');
    expect(consultantMovedSms(onsite, delivery({ why: 'updated' }))).toMatch(/: booking changed: /);
    const away = consultantCancelledEmail(onsite, delivery({ why: 'reassigned' }));
    expect(away.subject).toMatch(/^No longer your booking: /);
    expect(away.text).toContain('has been given to another consultant: it is no longer yours.');
    expect(consultantCancelledEmail(onsite, delivery()).text).toContain('is cancelled.');
    expect(consultantCancelledSms(onsite, delivery())).toBe(
      'Tint & Co: booking cancelled: onsite consultation with Alex Citizen, Tue 24 Nov, 10:30 am.',
    );
  });

  it("carries the customer's calendar entry (same UID and SEQUENCE) as the consultant's", () => {
    const sam = { name: 'Sam', email: 'sam@example.com' };
    const now = new Date('2026-11-20T01:02:03Z');
    const parse = (ics: string) => {
      const calendar = new ICAL.Component(ICAL.parse(ics));
      const vevent = calendar.getFirstSubcomponent('vevent')!;
      return { calendar, vevent, event: new ICAL.Event(vevent) };
    };
    const { vevent, event } = parse(consultantCalendarEvent(onsite, 'REQUEST', now, '', sam));
    expect(event.uid).toBe('8d7f3c2a-1b2c-4d5e-8f90-a1b2c3d4e5f6@tintbook');
    expect(event.sequence).toBe(3);
    expect(event.summary).toBe('Onsite consultation: Alex Citizen');
    expect(event.location).toBe('12 Smith Street, Fitzroy VIC 3065');
    expect(event.description).toContain('Phone: 0412 345 678');
    expect(event.description).toContain('The lead: https://tint.example/leads/lead-1');
    expect(event.description).not.toContain('token=');
    expect(vevent.getFirstPropertyValue('attendee')).toBe('mailto:sam@example.com');
    const cancel = parse(consultantCalendarEvent(onsite, 'CANCEL', now, '', sam));
    expect(cancel.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancel.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancel.event.sequence).toBe(4);
  });

  it("the business's notices name the consultant, and whose it was before a change", () => {
    for (const email of [
      newBookingEmail(onsite),
      bookingChangedEmail(onsite, { before: { consultant: 'Kim' } }),
      bookingCancelledNoticeEmail(onsite),
    ]) {
      expect(email.text).toContain('Consultant: Sam Lee');
    }
    const changed = bookingChangedEmail(onsite, { before: { consultant: 'Kim' } });
    expect(changed.text).toMatch(/BEFORE THE CHANGE\s+Consultant: Kim/);
    expect(newBookingEmail(bookingContext()).text).not.toContain('Consultant:');
  });
});
