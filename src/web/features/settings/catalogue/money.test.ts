import { describe, expect, it } from 'vitest';
import { formatDollars, parseDollars } from './money';

describe('parseDollars', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    ['45.50', 4550],
    [' $52.00 ', 5200],
    ['1,234.56', 123456],
    ['0.29', 29],
    ['1.01', 101],
    ['0', 0],
  ])('%s → %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'abc', '45.505', '-5', '4 5', '.5', '45.', '1e3'])('rejects %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it('has no float drift on every cent of the first hundred dollars', () => {
    for (let cents = 0; cents < 10_000; cents++) {
      expect(parseDollars(formatDollars(cents))).toBe(cents);
    }
  });
});

describe('formatDollars', () => {
  it.each([
    [4500, '45.00'],
    [5, '0.05'],
    [123456, '1234.56'],
  ])('%i → %s', (cents, text) => {
    expect(formatDollars(cents)).toBe(text);
  });
});
