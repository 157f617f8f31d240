import { describe, expect, it } from 'vitest';
import { escapeHtml, formatEstimate, formatShortWhen, formatWhen, oneLine } from './format';

describe('message formats', () => {
  it('write a time with its zone, on both sides of the DST changes', () => {
    const melbourne = 'Australia/Melbourne';
    expect(formatWhen(new Date('2026-11-23T23:30:00Z'), melbourne)).toBe(
      'Tuesday 24 November 2026, 10:30 am AEDT',
    );
    // Sunday 5 April 2026: 03:00 AEDT becomes 02:00 AEST
    expect(formatWhen(new Date('2026-04-04T22:00:00Z'), melbourne)).toBe(
      'Sunday 5 April 2026, 8:00 am AEST',
    );
    // Sunday 4 October 2026: 02:00 AEST becomes 03:00 AEDT
    expect(formatWhen(new Date('2026-10-03T21:00:00Z'), melbourne)).toBe(
      'Sunday 4 October 2026, 8:00 am AEDT',
    );
    expect(formatWhen(new Date('2026-11-24T01:00:00Z'), melbourne)).toBe(
      'Tuesday 24 November 2026, 12:00 pm AEDT',
    );
  });

  it('write a short time for texts', () => {
    expect(formatShortWhen(new Date('2026-09-08T04:15:00Z'), 'Australia/Melbourne')).toBe(
      'Tue 8 Sep, 2:15 pm',
    );
  });

  it('write money in dollars', () => {
    expect(formatEstimate(123450)).toBe('$1,234.50 inc. GST');
    expect(formatEstimate(9900)).toBe('$99.00 inc. GST');
  });

  it('escape the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('keep a value on one line', () => {
    expect(oneLine(' Alex\r\n  Citizen\t')).toBe('Alex Citizen');
  });
});
