import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '#shared/api/error.ts';
import { promoAdminMessages as m } from '#shared/admin/promo-codes.contract.ts';
import { promoMessages } from '#shared/pricing/promo.ts';
import { promoCodes } from '#server/db/schema/index.ts';
import { promoTestApp } from '#tests/helpers/promo-kit.ts';

describe('promo codes: the public lookups', () => {
  const { db, call, create, lookup, setToggle, unique, makeSeasonal } = promoTestApp();

  it('looks up one active code, with the default banner text of spec §9', async () => {
    const { code } = await makeSeasonal();
    const tenOff = `TENOFF-${unique()}`;
    const halfDollar = `HALFDOLLAR-${unique()}`;
    await create({ code: tenOff, discountType: 'fixed', discountValue: 1000 });
    await create({ code: halfDollar, discountType: 'fixed', discountValue: 1050 });
    const pct = await lookup(code.toLowerCase());
    expect(pct.statusCode, pct.body).toBe(200);
    expect(pct.json()).toEqual({
      promo: {
        code,
        discountType: 'percentage',
        discountValue: 20,
        bannerText: `${code} code activated! Get 20% off your service!`,
        bannerColor: '#1d4ed8',
      },
      refusal: null,
    });
    const fixed = await lookup(tenOff);
    expect(fixed.json().promo).toMatchObject({
      bannerText: `${tenOff} code activated! Get $10 off your service!`,
      bannerColor: '#0a7d32',
    });
    expect((await lookup(halfDollar.toLowerCase())).json().promo.bannerText).toBe(
      `${halfDollar} code activated! Get $10.50 off your service!`,
    );
    // nothing more than the banner needs
    expect(Object.keys(pct.json().promo).sort()).toEqual([
      'bannerColor',
      'bannerText',
      'code',
      'discountType',
      'discountValue',
    ]);
    const own = await create({
      code: 'OWNTEXT',
      discountType: 'fixed',
      discountValue: 500,
      bannerText: 'Spring is here!',
    });
    expect(own.statusCode).toBe(201);
    expect((await lookup('OWNTEXT')).json().promo.bannerText).toBe('Spring is here!');
  });

  it('answers inactive, expired, not-yet-valid, used-up and unknown codes with no promo and why (200, not 404)', async () => {
    await create({ code: 'OFF', discountType: 'fixed', discountValue: 500, isActive: false });
    await create({
      code: 'OLD',
      discountType: 'fixed',
      discountValue: 500,
      validTo: '2020-01-01T00:00:00+11:00',
    });
    await create({
      code: 'LATER',
      discountType: 'fixed',
      discountValue: 500,
      validFrom: '2999-01-01T00:00:00+11:00',
    });
    const used = await create({
      code: 'USED',
      discountType: 'fixed',
      discountValue: 500,
      usageLimit: 2,
    });
    await db()
      .update(promoCodes)
      .set({ usageCount: 2 })
      .where(eq(promoCodes.id, used.json().promoCode.id));
    for (const [code, message, errorCode] of [
      ['OFF', promoMessages.inactive, errorCodes.promoInactive],
      ['OLD', promoMessages.expired, errorCodes.promoExpired],
      ['LATER', promoMessages.notYetValid, errorCodes.promoNotYetValid],
      ['USED', promoMessages.usedUp, errorCodes.promoUsedUp],
      ['NOSUCH', promoMessages.unknown, errorCodes.promoUnknown],
    ] as const) {
      const res = await lookup(code);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toEqual({ promo: null, refusal: { code: errorCode, message } });
    }
  });

  it('activates the code of a campaign link (POST /utm/:trigger), promo null when none', async () => {
    const { code, utmTrigger } = await makeSeasonal();
    const res = await call('POST', `/api/promo-codes/utm/${utmTrigger.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().promo.code).toBe(code);
    expect(res.json().refusal).toBeNull();
    const none = await call('POST', '/api/promo-codes/utm/nothing-here');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      promo: null,
      refusal: { code: errorCodes.notFound, message: m.noUtmPromo },
    });
  });

  it('refuses seasonal codes when seasonal promotions are off, and all codes when promo codes are off', async () => {
    const { code, utmTrigger } = await makeSeasonal();
    const tenOff = `TENOFF-${unique()}`;
    await create({ code: tenOff, discountType: 'fixed', discountValue: 1000 });
    await setToggle('seasonal_promotions_enabled', false);
    const seasonal = await lookup(code);
    expect(seasonal.statusCode).toBe(200);
    expect(seasonal.json().refusal.code).toBe(errorCodes.promoDisabled);
    expect((await lookup(tenOff)).json().promo.code).toBe(tenOff);
    await setToggle('seasonal_promotions_enabled', true);

    await setToggle('promo_codes_enabled', false);
    for (const res of [
      await lookup(tenOff),
      await call('POST', `/api/promo-codes/utm/${utmTrigger}`),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        promo: null,
        refusal: { code: errorCodes.promoDisabled, message: m.disabled },
      });
    }
    await setToggle('promo_codes_enabled', true);
    expect((await lookup(tenOff)).json().promo.code).toBe(tenOff);
  });
});
