import { describe, expect, it } from 'vitest';
import { toAustralianMobile } from './au-mobile';

describe('toAustralianMobile', () => {
  it.each([
    '0412 345 678',
    '0412345678',
    '0412-345-678',
    '(04) 1234 5678',
    '+61 412 345 678',
    '+61412345678',
    '61412345678',
    '61 412 345 678',
    ' 0412 345 678 ',
  ])('reads %j as +61412345678', (typed) => {
    expect(toAustralianMobile(typed)).toBe('+61412345678');
  });

  it.each([
    ['a Melbourne landline', '(03) 9123 4567'],
    ['a landline in E.164', '+61 3 9123 4567'],
    ['a 1300 number', '1300 123 456'],
    ['a New Zealand mobile', '+64 21 123 4567'],
    ['too short', '0412 345'],
    ['too long', '0412 345 6789'],
    ['not a number', 'call me'],
    ['empty', ''],
  ])('refuses %s', (_case, typed) => {
    expect(toAustralianMobile(typed)).toBeUndefined();
  });
});
