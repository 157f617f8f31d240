import { expect, it, describe } from 'vitest';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { promoAdminMessages as m } from '#shared/admin/promo-codes.contract.ts';
import { promoTestApp } from '#tests/helpers/promo-kit.ts';

describe('promo codes: admin CRUD', () => {
  const { call, create, lookup, unique, makeSeasonal } = promoTestApp();

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

  it('deletes a code', async () => {
    const made = await create({ code: 'GONE', discountType: 'fixed', discountValue: 100 });
    const id = made.json().promoCode.id as string;
    expect((await call('DELETE', `/api/promo-codes/${id}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api/promo-codes/${id}`, 'admin')).statusCode).toBe(404);
    expect((await lookup('GONE')).json().promo).toBeNull();
  });
});
