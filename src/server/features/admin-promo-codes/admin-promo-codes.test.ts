import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { errorCodes } from '#shared/api/error.ts';
import { promoAdminMessages as m } from '#shared/admin/promo-codes.contract.ts';
import { promoMessages } from '#shared/pricing/promo.ts';
import { promoCodes, settings } from '#server/db/schema/index.ts';

describe('promo codes: admin CRUD and the public lookups', () => {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());
  const call: RoleTestApp['call'] = (...args) => t.call(...args);
  const create = (payload: object) => call('POST', '/api/promo-codes', 'admin', payload);
  const lookup = (code: string) => call('GET', `/api/promo-codes/lookup/${code}`);
  const setToggle = (key: string, value: boolean) =>
    t.database.db.update(settings).set({ value }).where(eq(settings.key, key));
  // each test makes the codes it needs, with a code and UTM trigger of its own
  const unique = () => randomUUID().slice(0, 6).toUpperCase();
  const makeSeasonal = async () => {
    const s = unique();
    const code = `SUMMER20-${s}`;
    const utmTrigger = `summer-ads-${s.toLowerCase()}`;
    const res = await create({
      code: code.toLowerCase(),
      description: 'Summer sale',
      discount_type: 'percentage',
      discount_value: 20,
      is_seasonal: true,
      season_name: 'Summer',
      utm_trigger: utmTrigger,
      banner_color: '#1D4ED8',
      valid_from: '2026-01-01T00:00:00+11:00',
      valid_to: '2027-01-01T00:00:00+11:00',
      usage_limit: 100,
    });
    return { res, code, utmTrigger };
  };

  it('guards every admin route: 401 anonymous, 403 staff, 200 admin', async () => {
    const made = await create({ code: 'GUARD10', discountType: 'percentage', discountValue: 10 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().promoCode.id as string;
    const cases = [
      ['GET', '/api/promo-codes', undefined],
      ['GET', `/api/promo-codes/${id}`, undefined],
      ['PUT', `/api/promo-codes/${id}`, { description: 'Guard test' }],
      ['DELETE', `/api/promo-codes/${id}`, undefined],
    ] as const;
    for (const [method, url, payload] of cases) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, 'staff', payload)).statusCode, url).toBe(403);
    }
    for (const [method, url, payload] of cases) {
      expect((await call(method, url, 'admin', payload)).statusCode, `${method} ${url}`).toBe(200);
    }
    expect((await call('POST', '/api/promo-codes', undefined, {})).statusCode).toBe(401);
    expect((await call('POST', '/api/promo-codes', 'staff', {})).statusCode).toBe(403);
  });

  it('creates a code with every field of spec §3 and lists it with its usage', async () => {
    const { res, code, utmTrigger } = await makeSeasonal();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().promoCode).toMatchObject({
      code,
      discountType: 'percentage',
      discountValue: 20,
      isSeasonal: true,
      seasonName: 'Summer',
      utmTrigger,
      bannerText: null,
      bannerColor: '#1d4ed8',
      validFrom: '2025-12-31T13:00:00.000Z',
      usageLimit: 100,
      usageCount: 0,
      isActive: true,
    });
    const list = await call('GET', '/api/promo-codes', 'admin');
    expect(list.json().promoCodes).toEqual(
      expect.arrayContaining([expect.objectContaining({ code, usageCount: 0 })]),
    );
  });

  it('keeps codes unique whatever their case (409 on create and on rename)', async () => {
    const { code } = await makeSeasonal();
    const mixedCase = code.charAt(0) + code.slice(1).toLowerCase();
    const again = await create({ code: mixedCase, discountType: 'fixed', discountValue: 500 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ code: m.codeInUse });

    const other = await create({
      code: `WINTER5-${unique()}`,
      discountType: 'fixed',
      discountValue: 500,
    });
    const rename = await call('PUT', `/api/promo-codes/${other.json().promoCode.id}`, 'admin', {
      code: code.toLowerCase(),
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.message).toBe(m.codeInUse);
  });

  it.each([
    [{ code: 'A', discountType: 'percentage', discountValue: 10 }, 'code', m.code],
    [{ code: 'PCT0', discountType: 'percentage', discountValue: 0 }, 'discountValue', m.percentage],
    [
      { code: 'PCT101', discountType: 'percentage', discountValue: 101 },
      'discountValue',
      m.percentage,
    ],
    [{ code: 'FIX0', discountType: 'fixed', discountValue: 0 }, 'discountValue', m.fixed],
    [{ code: 'TYPE', discountType: 'half', discountValue: 5 }, 'discountType', m.discountType],
    [
      {
        code: 'DATES',
        discountType: 'fixed',
        discountValue: 500,
        validFrom: '2026-03-01T00:00:00+11:00',
        validTo: '2026-02-01T00:00:00+11:00',
      },
      'validFrom',
      m.dateOrder,
    ],
    [
      { code: 'COLOUR', discountType: 'fixed', discountValue: 500, bannerColor: 'green' },
      'bannerColor',
      adminMessages.bannerColour,
    ],
    [
      { code: 'LIMIT', discountType: 'fixed', discountValue: 500, usageLimit: 0 },
      'usageLimit',
      m.usageLimit,
    ],
    [
      { code: 'DATE', discountType: 'fixed', discountValue: 500, validTo: 'next week' },
      'validTo',
      m.date,
    ],
  ])('refuses %j: %s', async (payload, field, message) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('checks an update against the stored code as a whole; 404 for unknown ids', async () => {
    const made = await create({ code: 'FIXED10', discountType: 'fixed', discountValue: 1000 });
    const id = made.json().promoCode.id as string;
    const tooMuch = await call('PUT', `/api/promo-codes/${id}`, 'admin', {
      discountType: 'percentage',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toEqual({ discountValue: m.percentage });
    const ok = await call('PUT', `/api/promo-codes/${id}`, 'admin', {
      discountType: 'percentage',
      discountValue: 15,
      usageLimit: null,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().promoCode).toMatchObject({ discountType: 'percentage', discountValue: 15 });

    for (const unknown of ['6f1c2a7e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call('GET', `/api/promo-codes/${unknown}`, 'admin')).statusCode).toBe(404);
      expect(
        (await call('PUT', `/api/promo-codes/${unknown}`, 'admin', { isActive: false })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/promo-codes/${unknown}`, 'admin')).statusCode).toBe(404);
    }
  });

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

  it('refuses inactive, expired, not-yet-valid, used-up and unknown codes', async () => {
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
    await t.database.db
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
      expect(res.statusCode, code).toBe(404);
      expect(res.json().error).toMatchObject({ code: errorCode, message });
    }
  });

  it('activates the code of a campaign link (POST /utm/:trigger), 404 when none', async () => {
    const { code, utmTrigger } = await makeSeasonal();
    const res = await call('POST', `/api/promo-codes/utm/${utmTrigger.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().promo.code).toBe(code);
    const none = await call('POST', '/api/promo-codes/utm/nothing-here');
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toMatchObject({ code: errorCodes.notFound, message: m.noUtmPromo });
  });

  it('refuses seasonal codes when seasonal promotions are off, and all codes when promo codes are off', async () => {
    const { code, utmTrigger } = await makeSeasonal();
    const tenOff = `TENOFF-${unique()}`;
    await create({ code: tenOff, discountType: 'fixed', discountValue: 1000 });
    await setToggle('seasonal_promotions_enabled', false);
    const seasonal = await lookup(code);
    expect(seasonal.statusCode).toBe(404);
    expect(seasonal.json().error.code).toBe(errorCodes.promoDisabled);
    expect((await lookup(tenOff)).statusCode).toBe(200);
    await setToggle('seasonal_promotions_enabled', true);

    await setToggle('promo_codes_enabled', false);
    for (const res of [
      await lookup(tenOff),
      await call('POST', `/api/promo-codes/utm/${utmTrigger}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({
        code: errorCodes.promoDisabled,
        message: m.disabled,
      });
    }
    await setToggle('promo_codes_enabled', true);
    expect((await lookup(tenOff)).statusCode).toBe(200);
  });

  it('deletes a code', async () => {
    const made = await create({ code: 'GONE', discountType: 'fixed', discountValue: 100 });
    const id = made.json().promoCode.id as string;
    expect((await call('DELETE', `/api/promo-codes/${id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/promo-codes/${id}`, 'admin')).statusCode).toBe(404);
    expect((await lookup('GONE')).statusCode).toBe(404);
  });
});
