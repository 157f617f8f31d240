import { describe, expect, it } from 'vitest';
import { smsSendableAt } from './quiet-hours';

const at = (iso: string) => smsSendableAt(new Date(iso)).toISOString();

describe('smsSendableAt (Melbourne)', () => {
  it('sends at once between 08:00 and 21:00', () => {
    expect(at('2026-11-24T08:00:00+11:00')).toBe('2026-11-23T21:00:00.000Z');
    expect(at('2026-11-24T13:15:00+11:00')).toBe('2026-11-24T02:15:00.000Z');
    expect(at('2026-11-24T20:59:59+11:00')).toBe('2026-11-24T09:59:59.000Z');
  });

  it('holds a text from 21:00 until 08:00 the next morning', () => {
    expect(at('2026-11-24T21:00:00+11:00')).toBe('2026-11-24T21:00:00.000Z'); // 08:00 on the 25th
    expect(at('2026-11-24T23:59:00+11:00')).toBe('2026-11-24T21:00:00.000Z');
  });

  it('holds a text after midnight until 08:00 the same morning', () => {
    expect(at('2026-11-25T00:00:00+11:00')).toBe('2026-11-24T21:00:00.000Z');
    expect(at('2026-11-25T07:59:59+11:00')).toBe('2026-11-24T21:00:00.000Z');
  });

  it('finds 08:00 AEST after the night DST ends (5 April 2026)', () => {
    // Saturday 22:00 AEDT → Sunday 08:00 AEST (+10), not 07:00
    expect(at('2026-04-04T22:00:00+11:00')).toBe('2026-04-04T22:00:00.000Z');
    // 02:30 happens twice that night; both wait for the same 08:00
    expect(at('2026-04-05T02:30:00+11:00')).toBe('2026-04-04T22:00:00.000Z');
    expect(at('2026-04-05T02:30:00+10:00')).toBe('2026-04-04T22:00:00.000Z');
  });

  it('finds 08:00 AEDT after the night DST starts (4 October 2026)', () => {
    // Saturday 23:00 AEST → Sunday 08:00 AEDT (+11), not 09:00
    expect(at('2026-10-03T23:00:00+10:00')).toBe('2026-10-03T21:00:00.000Z');
    expect(at('2026-10-04T03:30:00+11:00')).toBe('2026-10-03T21:00:00.000Z');
    // 20:30 on the short day is still the evening
    expect(at('2026-10-04T20:30:00+11:00')).toBe('2026-10-04T09:30:00.000Z');
  });
});

describe('smsSendableAt in another zone', () => {
  it('keeps the hours of the zone it is given', () => {
    expect(
      smsSendableAt(new Date('2026-11-24T21:30:00+08:00'), 'Australia/Perth').toISOString(),
    ).toBe('2026-11-25T00:00:00.000Z');
  });
});
