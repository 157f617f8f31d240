import { describe, expect, it } from 'vitest';
import {
  bookingCancelledNoticeEmail,
  bookingChangedEmail,
  newBookingEmail,
  newLeadEmail,
} from './business-emails';
import { bookingContext, leadContext } from './message-fixtures';

describe('the business e-mails', () => {
  it('a new booking has who, how to reach them, when, what and the estimate', () => {
    const email = newBookingEmail(
      bookingContext({ booking: { notes: 'Side gate is locked', promoCode: 'SPRING10' } }),
    );
    expect(email.subject).toBe(
      'New booking: Alex Citizen, phone consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    for (const line of [
      'Name: Alex Citizen',
      'E-mail: alex@example.com',
      'Phone: 0412 345 678',
      'Address: 12 Smith Street, Fitzroy VIC 3065',
      'When: Tuesday 24 November 2026, 10:30 am AEDT',
      'Consultation: Phone consultation',
      'Estimate: $1,234.50 inc. GST',
      'Promo code: SPRING10',
      'Notes: Side gate is locked',
    ]) {
      expect(email.text).toContain(line);
    }
    // the manage link is the customer's alone
    expect(email.text).not.toContain('token=');
    expect(email.html).not.toContain('token=');
  });

  it('a change by the customer says what it is now and what it was, and only what changed', () => {
    const ctx = bookingContext({ booking: { serviceType: 'onsite', notes: 'Side gate' } });
    const email = bookingChangedEmail(ctx, {
      before: { start: '2026-11-23T22:00:00.000Z', serviceType: 'phone', notes: null },
    });
    expect(email.subject).toBe(
      'Booking changed: Alex Citizen, onsite consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    expect(email.text).toContain('Consultation: Onsite consultation');
    expect(email.text).toMatch(
      /BEFORE THE CHANGE\s+When: Tuesday 24 November 2026, 9:00 am AEDT\s+Consultation: Phone consultation\s+Notes: none/,
    );
    expect(email.text).toContain('Address: 12 Smith Street, Fitzroy VIC 3065');
    expect(email.text).not.toContain('token=');
    const notes = bookingChangedEmail(ctx, { before: { notes: 'Gate code 1234' } });
    expect(notes.text).toMatch(/BEFORE THE CHANGE\s+Notes: Gate code 1234\s+CUSTOMER/);
  });

  it('every notice about a booking links to its lead (issue 26 item 1)', () => {
    const ctx = bookingContext({ staffUrl: 'https://tint.example/leads/lead-9' });
    for (const email of [
      newBookingEmail(ctx),
      bookingChangedEmail(ctx, { before: { notes: null } }),
      bookingCancelledNoticeEmail(ctx),
    ]) {
      expect(email.text).toContain('Open the lead:\nhttps://tint.example/leads/lead-9');
      expect(email.html).toContain('href="https://tint.example/leads/lead-9"');
    }
  });

  it('a cancellation by the customer says who, what and when (issue 26 item 3)', () => {
    const email = bookingCancelledNoticeEmail(bookingContext({ booking: { notes: 'Side gate' } }));
    expect(email.subject).toBe(
      'Booking cancelled: Alex Citizen, phone consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    expect(email.text).toContain('Alex Citizen has cancelled their booking.');
    expect(email.text).toContain('Notes: Side gate');
    expect(email.text).toContain('Phone: 0412 345 678');
    expect(email.text).not.toContain('token=');
  });

  it('a new booking without an estimate says so', () => {
    const email = newBookingEmail(bookingContext({ booking: { estimatedPriceCents: null } }));
    expect(email.text).toContain('Estimate: none yet');
  });

  it('a new lead has the contact details, what they asked for and the link to open it', () => {
    const email = newLeadEmail(leadContext());
    expect(email.subject).toBe('New lead: Alex Citizen');
    expect(email.text).toContain('E-mail: alex@example.com');
    expect(email.text).toContain('Phone: 0412 345 678');
    expect(email.text).toContain('Asked to: Get an estimate');
    expect(email.text).toContain('Main concern: Heat');
    expect(email.text).toContain('Came from: google / cpc');
    // 04:05 UTC on 30 June is 2:05 pm in Melbourne's winter
    expect(email.text).toContain('Received: Tuesday 30 June 2026, 2:05 pm AEST');
    // the lead's own page (issue 26 item 1), not the list with nothing opened
    expect(email.html).toContain('href="https://tint.example/leads/lead-1"');
  });

  it('a lead’s name cannot break the subject line or the HTML', () => {
    const email = newLeadEmail(
      leadContext({
        customer: {
          ...leadContext().customer,
          firstName: 'Eve\r\nBcc: x@evil.example',
          lastName: '<b>',
        },
      }),
    );
    expect(email.subject).toBe('New lead: Eve Bcc: x@evil.example <b>');
    expect(email.html).not.toContain('<b>');
  });
});
