import { describe, expect, it } from 'vitest';
import { promoCodeFieldsSchema } from '#shared/admin/promo-codes.contract.ts';
import { campaignPattern, codePattern, promoRequestAt } from './promo-request';

const at = (url: string, moment: 'load' | 'hashchange' = 'load', ids: string[] = ['main']) => {
  const { pathname, hash, search } = new URL(url, 'https://tintbook.test');
  return promoRequestAt({ pathname, hash, search }, moment, (id) => ids.includes(id));
};

describe('promoRequestAt (spec §4 Promo)', () => {
  it('looks up a hash that looks like a code', () => {
    expect(at('/#SUMMER20')).toEqual({ kind: 'code', code: 'SUMMER20' });
    expect(at('/estimate#summer-20', 'hashchange')).toEqual({ kind: 'code', code: 'summer-20' });
  });

  it('leaves alone hashes that name an element or cannot be a code, and the staff screens', () => {
    expect(at('/#main')).toBeNull();
    expect(at('/#main', 'hashchange')).toBeNull();
    expect(at('/#a')).toBeNull();
    expect(at('/#not%20a%20code')).toBeNull();
    expect(at('/settings#pricing')).toBeNull();
  });

  it('clears the promo when the hash is emptied, not when a page simply has none', () => {
    expect(at('/', 'hashchange')).toEqual({ kind: 'clear' });
    expect(at('/')).toBeNull();
  });

  it('asks for the promo of a campaign link on load, a hash code first', () => {
    expect(at('/?utm_source=fb&utm_campaign=spring.sale')).toEqual({
      kind: 'campaign',
      trigger: 'spring.sale',
    });
    expect(at('/?utm_campaign=spring#SUMMER20')).toEqual({ kind: 'code', code: 'SUMMER20' });
    expect(at('/?utm_campaign=spring%20sale')).toBeNull();
  });

  it('checks codes and triggers as the shared contract does', () => {
    const { code, utmTrigger } = promoCodeFieldsSchema.shape;
    for (const value of ['AB', 'SUMMER_20', 'a-b', 'A', 'TOO-LONG-'.repeat(4), 'x y', 'ä1']) {
      expect(codePattern.test(value)).toBe(code.safeParse(value).success);
    }
    for (const value of ['a', 'spring.sale_2026-x', 'x y', 'é', 'x'.repeat(101)]) {
      expect(campaignPattern.test(value)).toBe(utmTrigger.safeParse(value).success);
    }
  });
});
