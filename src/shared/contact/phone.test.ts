import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { formatAustralianPhone, isAustralianMobile, phoneHref } from './phone';

describe('formatAustralianPhone (issue 15 item 7)', () => {
  it('writes a business number as Australians do, not as typed', () => {
    expect(formatAustralianPhone('0398765432')).toBe('(03) 9876 5432');
    expect(formatAustralianPhone('+61 3 9876 5432')).toBe('(03) 9876 5432');
    expect(formatAustralianPhone('0412345678')).toBe('0412 345 678');
    expect(formatAustralianPhone('1300123456')).toBe('1300 123 456');
  });

  it('agrees with libphonenumber’s national format', () => {
    for (const typed of [
      '0398765432',
      '02-9876-5432',
      '(08) 98765432',
      '+61412345678',
      '0412.345.678',
      '1800123456',
      '1300 123456',
    ]) {
      const national = parsePhoneNumberFromString(typed, 'AU')?.formatNational();
      expect(formatAustralianPhone(typed)).toBe(national);
    }
  });

  it('leaves what it does not know as typed', () => {
    expect(formatAustralianPhone(' 131234 ')).toBe('131234');
    expect(formatAustralianPhone('call the office')).toBe('call the office');
  });
});

describe('phoneHref', () => {
  it('dials the full international number, or the digits of a local one', () => {
    expect(phoneHref('(03) 9876 5432')).toBe('tel:+61398765432');
    expect(phoneHref('0412 345 678')).toBe('tel:+61412345678');
    expect(phoneHref('1300 123 456')).toBe('tel:1300123456');
  });
});

describe('isAustralianMobile (issue 26 item 14: where a test text can go)', () => {
  it('takes a mobile typed any usual way, not a landline or 1300 number', () => {
    for (const mobile of ['0412 345 678', '+61412345678', '0412-345-678']) {
      expect(isAustralianMobile(mobile)).toBe(true);
    }
    for (const other of ['(03) 9123 4567', '1300 123 456', '041234567', '']) {
      expect(isAustralianMobile(other)).toBe(false);
    }
  });
});
