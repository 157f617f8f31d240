import { describe, expect, it } from 'vitest';
import { bookingContext } from './message-fixtures';
import { bookingConfirmedSms, bookingReminderSms, optOutText } from './sms-texts';

describe('the text messages', () => {
  it('the confirmation is short, plain and ends with the opt-out', () => {
    const sms = bookingConfirmedSms(bookingContext());
    expect(sms).toBe(
      'Tint & Co: your phone consultation is booked for Tue 24 Nov, 10:30 am. Your consultant calls you on this number. Details and changes: see your confirmation e-mail. Reply STOP to opt out.',
    );
    expect(sms.endsWith(optOutText)).toBe(true);
    expect(sms.length).toBeLessThanOrEqual(320);
    expect(sms).not.toContain('token=');
  });

  it('the reminders name the time, onsite or by phone', () => {
    const dayBefore = bookingReminderSms(
      bookingContext({ booking: { serviceType: 'onsite' } }),
      '24h',
    );
    expect(dayBefore).toBe(
      'Tint & Co: reminder of your onsite consultation on Tue 24 Nov, 10:30 am. Your consultant visits your property. Reply STOP to opt out.',
    );
    const soon = bookingReminderSms(bookingContext(), '2h');
    expect(soon).toContain('your phone consultation starts at 10:30 am today.');
    expect(soon.endsWith('Reply STOP to opt out.')).toBe(true);
  });

  it('our own wording stays in the GSM alphabet (160 characters a segment, not 70)', () => {
    const gsm = /^[A-Za-z0-9 @£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n]*$/;
    for (const sms of [
      bookingConfirmedSms(bookingContext()),
      bookingReminderSms(bookingContext(), '24h'),
      bookingReminderSms(bookingContext(), '2h'),
    ]) {
      expect(sms).toMatch(gsm);
    }
  });
});
