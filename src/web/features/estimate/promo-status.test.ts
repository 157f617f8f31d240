import { describe, expect, it } from 'vitest';
import { appliedTail, refusalStatus } from './promo-status';

describe('promo code status (issue 15 item 11)', () => {
  it('says applied when nothing was refused', () => {
    expect(`Promo code TINT50 ${appliedTail(false)}`).toBe('Promo code TINT50 applied.');
  });

  it('says which code is in effect beside a refused one, and which code was refused', () => {
    expect(`Promo code TINT50 ${appliedTail(true)}`).toBe('Promo code TINT50 is still in effect.');
    expect(refusalStatus('That promo code is not valid.', 'nope', 'TINT50')).toBe(
      'NOPE: That promo code is not valid.',
    );
  });

  it('keeps the message as it is when no other code is in effect', () => {
    expect(refusalStatus('That promo code is not valid.', 'nope', null)).toBe(
      'That promo code is not valid.',
    );
    expect(refusalStatus('That promo code has expired.', 'tint50', 'TINT50')).toBe(
      'That promo code has expired.',
    );
  });
});
