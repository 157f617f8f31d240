import { describe, expect, it } from 'vitest';
import { timesLabel, usageLabel } from './promo-labels';

describe('usageLabel (issue 15 item 17: plural rules)', () => {
  it('says one time and N times', () => {
    expect(timesLabel(1)).toBe('1 time');
    expect(timesLabel(0)).toBe('0 times');
    expect(timesLabel(2)).toBe('2 times');
  });

  it('agrees with the limit it stands next to', () => {
    expect(usageLabel({ usageCount: 1, usageLimit: 100 })).toBe('1 of 100 times');
    expect(usageLabel({ usageCount: 0, usageLimit: 1 })).toBe('0 of 1 time');
    expect(usageLabel({ usageCount: 1, usageLimit: 1 })).toBe('1 of 1 time');
  });

  it('agrees with the count when there is no limit', () => {
    expect(usageLabel({ usageCount: 1, usageLimit: null })).toBe('1 time, no limit');
    expect(usageLabel({ usageCount: 5, usageLimit: null })).toBe('5 times, no limit');
  });
});
