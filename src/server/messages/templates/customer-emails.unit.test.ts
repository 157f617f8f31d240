import { describe, expect, it } from 'vitest';
import {
  bookingCancelledEmail,
  bookingConfirmedEmail,
  bookingReminderEmail,
  bookingRescheduledEmail,
  bookingUpdatedEmail,
} from './customer-emails';
import { bookingContext } from './message-fixtures';

const manageUrl = 'https://tint.example/reschedule?token=tok_abc&from=email';

describe('the booking confirmation e-mail', () => {
  const email = bookingConfirmedEmail(bookingContext());

  it('names the time in the booking’s zone, Australian style', () => {
    expect(email.subject).toBe(
      'Booking confirmed: phone consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    expect(email.text).toContain('When: Tuesday 24 November 2026, 10:30 am AEDT');
  });

  it('has the manage link in both parts, escaped in the HTML', () => {
    expect(email.text).toContain(manageUrl);
    expect(email.html).toContain(
      'href="https://tint.example/reschedule?token=tok_abc&amp;from=email"',
    );
    expect(email.html).not.toContain('tok_abc&from');
  });

  it('says what happens next for a phone consultation', () => {
    expect(email.text).toContain('WHAT HAPPENS NEXT');
    expect(email.text).toContain(
      '1. Your consultant calls you at the booked time on the phone number you gave us.',
    );
    expect(email.text).toContain('We call you on: 0412 345 678');
    expect(email.text).not.toContain('Where:');
  });

  it('shows the estimate in dollars', () => {
    expect(email.text).toContain('Your estimate: $1,234.50 inc. GST');
    expect(email.html).toContain('$1,234.50 inc. GST');
    expect(email.text).toContain('Your consultant confirms the price');
  });

  it('signs with the business details it was given', () => {
    expect(email.text).toContain('call us on (03) 5550 0000');
    expect(email.text.trimEnd().endsWith('Tint & Co')).toBe(true);
    expect(email.html).toContain('Tint &amp; Co');
    expect(email.html).not.toMatch(/Tint & Co/);
  });

  it('says where for an onsite visit and leaves out an estimate it does not have', () => {
    const onsite = bookingConfirmedEmail(
      bookingContext({ booking: { serviceType: 'onsite', estimatedPriceCents: null } }),
    );
    expect(onsite.subject).toContain('onsite consultation');
    expect(onsite.text).toContain('Where: 12 Smith Street, Fitzroy VIC 3065');
    expect(onsite.text).toContain('1. Your consultant visits your property at the booked time.');
    expect(onsite.text).not.toContain('estimate');
    expect(onsite.text).not.toContain('We call you on');
  });

  it('escapes what people typed', () => {
    const hostile = bookingConfirmedEmail(
      bookingContext({
        customer: { firstName: '<script>alert("x")</script>', address: `O'Brien's "place"` },
        booking: { serviceType: 'onsite' },
      }),
    );
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,');
    expect(hostile.html).toContain('O&#39;Brien&#39;s &quot;place&quot;');
    // the text part is plain text: nothing to escape
    expect(hostile.text).toContain('Hi <script>alert("x")</script>,');
  });

  it('never turns a manage URL that is not a web address into a link', () => {
    const trap = bookingConfirmedEmail(bookingContext({ manageUrl: 'javascript:alert(1)' }));
    expect(trap.html).not.toContain('href="javascript');
  });

  it('is a whole HTML document that needs no images', () => {
    expect(email.html.startsWith('<!doctype html>')).toBe(true);
    expect(email.html).toContain('<html lang="en-AU">');
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<style');
  });
});

describe('the other customer e-mails', () => {
  it('winter bookings are in AEST', () => {
    const winter = bookingConfirmedEmail(
      bookingContext({
        booking: { start: new Date('2026-06-23T23:30:00Z'), end: new Date('2026-06-24T00:00:00Z') },
      }),
    );
    expect(winter.subject).toContain('Wednesday 24 June 2026, 9:30 am AEST');
  });

  it('a booking in another zone is shown in that zone', () => {
    const perth = bookingConfirmedEmail(
      bookingContext({ booking: { timeZone: 'Australia/Perth' } }),
    );
    expect(perth.subject).toContain('Tuesday 24 November 2026, 7:30 am AWST');
  });

  it('the reschedule gives the new time and the manage link', () => {
    const moved = bookingRescheduledEmail(
      bookingContext({
        booking: { start: new Date('2026-11-26T03:00:00Z'), end: new Date('2026-11-26T03:30:00Z') },
      }),
    );
    expect(moved.subject).toBe(
      'Booking moved: your phone consultation is now on Thursday 26 November 2026, 2:00 pm AEDT',
    );
    expect(moved.text).toContain('has moved to Thursday 26 November 2026, 2:00 pm AEDT');
    expect(moved.text).toContain('moves the entry in your calendar');
    expect(moved.text).toContain(manageUrl);
  });

  it('another type is an updated confirmation: what happens next, where, an updated entry', () => {
    const updated = bookingUpdatedEmail(bookingContext({ booking: { serviceType: 'onsite' } }));
    expect(updated.subject).toBe(
      'Booking updated: your onsite consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    expect(updated.text).toContain(
      'Your booking with Tint & Co is now an onsite consultation on Tuesday 24 November 2026',
    );
    expect(updated.text).toContain('Where: 12 Smith Street, Fitzroy VIC 3065');
    expect(updated.text).toContain('Your consultant visits your property at the booked time.');
    expect(updated.text).toContain('updates the entry in your calendar');
    expect(updated.text).toContain(manageUrl);
    const phone = bookingUpdatedEmail(bookingContext());
    expect(phone.text).toContain('is now a phone consultation');
    expect(phone.text).toContain('We call you on: 0412 345 678');
  });

  it('the cancellation says so, without a manage link', () => {
    const cancelled = bookingCancelledEmail(bookingContext({ booking: { status: 'cancelled' } }));
    expect(cancelled.subject).toBe(
      'Booking cancelled: phone consultation on Tuesday 24 November 2026, 10:30 am AEDT',
    );
    expect(cancelled.text).toContain('is cancelled');
    expect(cancelled.text).toContain('removes it from your calendar');
    expect(cancelled.text).not.toContain('token=');
  });

  it('the 24-hour reminder names the day; the 2-hour one says soon', () => {
    const dayBefore = bookingReminderEmail(bookingContext(), '24h');
    expect(dayBefore.subject).toBe(
      'Reminder: your phone consultation on Tuesday 24 November 2026 at 10:30 am',
    );
    expect(dayBefore.text).toContain('Please have your phone (0412 345 678) with you');
    expect(dayBefore.text).not.toContain('$1,234.50');
    expect(dayBefore.text).toContain(manageUrl);

    const soon = bookingReminderEmail(bookingContext({ booking: { serviceType: 'onsite' } }), '2h');
    expect(soon.subject).toBe('Starting soon: your onsite consultation at 10:30 am today');
    expect(soon.text).toContain('starts in about two hours');
    expect(soon.text).toContain('someone is home to let your consultant in');
  });
});
