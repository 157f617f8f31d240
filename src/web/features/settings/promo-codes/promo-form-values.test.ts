import { describe, expect, it } from 'vitest';
import { promoAdminMessages as m, type PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { blankPromo, dollarsMessage, promoFormSchema, toFormValues } from './promo-form-values';

const values = { ...blankPromo, code: 'summer20', discountValue: '20' };

describe('promoFormSchema: the form as the API takes it', () => {
  it('turns Melbourne days into instants: from the first day’s start to the last day’s end', () => {
    const parsed = promoFormSchema(null).parse({
      ...values,
      validFrom: '2026-12-01', // daylight saving: +11:00
      validTo: '2027-06-30', // standard time: +10:00
    });
    expect(parsed.validFrom).toBe('2026-12-01T00:00:00+11:00');
    expect(parsed.validTo).toBe('2027-06-30T23:59:59+10:00');
    expect(parsed.code).toBe('SUMMER20');
  });

  it('makes empty fields null, one day is a valid range, and the contract’s messages apply', () => {
    const parsed = promoFormSchema(null).parse({ ...values, usageLimit: Number.NaN });
    expect(parsed).toMatchObject({ validFrom: null, validTo: null, usageLimit: null });
    expect(
      promoFormSchema(null).safeParse({ ...values, validFrom: '2027-01-01', validTo: '2027-01-01' })
        .success,
    ).toBe(true);
    const refused = promoFormSchema(null).safeParse({
      ...values,
      discountValue: '0',
      validFrom: '2027-01-02',
      validTo: '2027-01-01',
    });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['discountValue', m.percentage],
      ['validFrom', m.dateOrder],
    ]);
  });

  it('keeps a stored instant whose day the admin left as it was', () => {
    const stored = {
      ...values,
      discountValue: 20,
      id: 'x',
      code: 'SUMMER20',
      description: null,
      seasonName: null,
      utmTrigger: null,
      bannerText: null,
      validFrom: '2026-11-30T22:30:00.000Z', // 9:30 am on 1 December in Melbourne
      validTo: null,
      usageLimit: null,
      usageCount: 0,
      createdAt: '',
      updatedAt: '',
    } satisfies PromoCodeDto;
    const form = toFormValues(stored);
    expect(form.validFrom).toBe('2026-12-01');
    expect(promoFormSchema(stored).parse(form).validFrom).toBe(stored.validFrom);
    expect(promoFormSchema(stored).parse({ ...form, validFrom: '2026-12-02' }).validFrom).toBe(
      '2026-12-02T00:00:00+11:00',
    );
  });

  it('takes a fixed discount in dollars and cents and sends cents (issue 15 item 13)', () => {
    const fixed = { ...values, discountType: 'fixed' as const };
    expect(promoFormSchema(null).parse({ ...fixed, discountValue: '50' }).discountValue).toBe(5000);
    expect(promoFormSchema(null).parse({ ...fixed, discountValue: '$10.5' }).discountValue).toBe(
      1050,
    );
    expect(promoFormSchema(null).parse({ ...fixed, discountValue: '0.29' }).discountValue).toBe(29);
    for (const typed of ['', 'ten', '10.505', '-5']) {
      const refused = promoFormSchema(null).safeParse({ ...fixed, discountValue: typed });
      expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['discountValue', dollarsMessage],
      ]);
    }
    const zero = promoFormSchema(null).safeParse({ ...fixed, discountValue: '0.00' });
    expect(zero.error?.issues.map((i) => i.message)).toEqual([m.fixed]);
  });

  it('shows a stored fixed discount in dollars, a percentage as it is', () => {
    const stored = {
      ...values,
      id: 'x',
      code: 'TINT50',
      discountType: 'fixed',
      discountValue: 5000,
      description: null,
      seasonName: null,
      utmTrigger: null,
      bannerText: null,
      validFrom: null,
      validTo: null,
      usageLimit: null,
      usageCount: 0,
      createdAt: '',
      updatedAt: '',
    } satisfies PromoCodeDto;
    expect(toFormValues(stored).discountValue).toBe('50.00');
    expect(
      toFormValues({ ...stored, discountType: 'percentage', discountValue: 15 }).discountValue,
    ).toBe('15');
  });
});
