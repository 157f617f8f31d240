import { describe, expect, it } from 'vitest';
import { formatClock, formatMegabytes } from './backups-api';

describe('formatMegabytes', () => {
  it.each([
    [12_345_678, '12.3 MB'],
    [1_000_000, '1 MB'],
    [2_500_000_000, '2,500 MB'],
    [150_000, '0.2 MB'],
    [40_000, 'under 0.1 MB'],
    [0, '0 MB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatMegabytes(bytes)).toBe(text);
  });
});

describe('formatClock', () => {
  it.each([
    ['02:30', '2:30 am'],
    ['00:05', '12:05 am'],
    ['12:00', '12:00 pm'],
    ['23:45', '11:45 pm'],
  ])('%s → %s', (time, text) => {
    expect(formatClock(time)).toBe(text);
  });
});
