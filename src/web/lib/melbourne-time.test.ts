import { describe, expect, it } from 'vitest';
import {
  datePartsOf,
  formatCalendarDate,
  formatLongDate,
  formatSlotRange,
  formatTime,
} from './melbourne-time';

describe('Melbourne time', () => {
  it('writes a slot the way the confirmation shows it', () => {
    expect(formatSlotRange('2026-11-25T09:00:00+11:00', '2026-11-25T09:30:00+11:00')).toBe(
      'Wednesday 25 November 2026, 9:00 am – 9:30 am',
    );
  });

  it('reads UTC instants in Melbourne, across midnight UTC and DST', () => {
    expect(formatTime('2026-11-24T22:00:00Z')).toBe('9:00 am');
    expect(formatLongDate('2026-11-24T22:00:00Z')).toBe('Wednesday 25 November 2026');
    // winter: +10:00
    expect(formatTime('2026-06-01T03:30:00Z')).toBe('1:30 pm');
    expect(formatTime('2026-06-01T02:00:00Z')).toBe('12:00 pm');
  });

  it('names a calendar date without an instant', () => {
    expect(formatCalendarDate('2026-11-25')).toBe('Wednesday 25 November');
    expect(datePartsOf('2027-01-01')).toEqual({
      weekday: 'Friday',
      day: '1',
      month: 'January',
      year: '2027',
    });
  });
});
