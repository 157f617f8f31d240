import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import { pricingMessages } from '#shared/admin/pricing.contract.ts';
import { defaultPricing } from '#shared/catalogue/catalogue-defaults.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';

type Method = InjectOptions['method'];

/**
 * An app with a staff member and an admin signed in, for the tests of one describe block. The
 * tests that only read or are refused share one (a refused PUT saves nothing); the test that saves
 * prices has its own, so nothing it saves reaches another test's reading of the seed.
 */
function pricingApp() {
  let t: TestApp;
  const cookies = { staff: '', admin: '' };
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    cookies.staff = await signInAs(t.app, (await createStaff(db, { role: 'staff' })).email);
    cookies.admin = await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email);
  });
  afterAll(() => t.close());

  return (method: Method, as?: 'staff' | 'admin', payload?: object) =>
    t.app.inject({
      method,
      url: '/api/admin/pricing',
      headers: as ? { cookie: cookies[as], ...sameOrigin } : {},
      ...(payload && { payload }),
    });
}

describe('GET and PUT /api/admin/pricing', () => {
  const call = pricingApp();

  it('is admin only', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expect((await call(method, undefined, {})).statusCode).toBe(401);
      expect((await call(method, 'staff', {})).statusCode).toBe(403);
    }
  });

  it('answers the seeded rows, travel rate and thresholds', async () => {
    const res = await call('GET', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      travelHourlyRate: d.travel_hourly_rate_cents,
      glassMinimumThreshold: d.glass_minimum_threshold,
      minimumJobCharge: d.minimum_job_charge_cents,
      onsiteGlassThreshold: d.onsite_glass_threshold,
      onsiteRestrictionEnabled: d.onsite_restriction_enabled,
    });
    // one row per pain point, by name
    const byName = (a: { painPointName: string }, b: { painPointName: string }) =>
      a.painPointName.localeCompare(b.painPointName);
    expect(body.rows).toEqual(
      [...defaultPricing].sort(byName).map((row) => ({ id: expect.any(String), ...row })),
    );
  });

  it.each([
    [{ travelHourlyRate: 0 }, 'travelHourlyRate', adminMessages.travelRate],
    [{ glassMinimumThreshold: 0 }, 'glassMinimumThreshold', adminMessages.threshold],
    [{ minimumJobCharge: -1 }, 'minimumJobCharge', adminMessages.minimumCharge],
    [{ minimumJobCharge: 12.5 }, 'minimumJobCharge', adminMessages.minimumCharge],
    [{ onsiteGlassThreshold: 51 }, 'onsiteGlassThreshold', adminMessages.threshold],
    [
      { rows: [{ painPointName: 'thermal', pricePerSqmCents: 0 }] },
      'rows.0.pricePerSqmCents',
      adminMessages.pricePerSqm,
    ],
    [
      { rows: [{ painPointName: 'nope', pricePerSqmCents: 100 }] },
      'rows.0.painPointName',
      pricingMessages.unknownPainPoint,
    ],
    [
      {
        rows: [
          { painPointName: 'thermal', pricePerSqmCents: 100 },
          { painPointName: 'thermal', pricePerSqmCents: 200 },
        ],
      },
      'rows',
      pricingMessages.duplicateRow,
    ],
  ])('refuses %j', async (payload, field, message) => {
    const res = await call('PUT', 'admin', payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });
});

describe('PUT /api/admin/pricing saving', () => {
  const call = pricingApp();

  it('changes prices, rates and thresholds', async () => {
    const res = await call('PUT', 'admin', {
      rows: [{ painPointName: 'security', pricePerSqmCents: 6500, description: 'Safety film' }],
      travelHourlyRate: 6000,
      glass_minimum_threshold: 3,
      minimumJobCharge: 30_000,
      onsiteGlassThreshold: 6,
      onsiteRestrictionEnabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      travelHourlyRate: 6000,
      glassMinimumThreshold: 3,
      minimumJobCharge: 30_000,
      onsiteGlassThreshold: 6,
      onsiteRestrictionEnabled: false,
    });
    expect(body.rows).toContainEqual(
      expect.objectContaining({
        painPointName: 'security',
        pricePerSqmCents: 6500,
        description: 'Safety film',
      }),
    );
    expect((await call('GET', 'admin')).json().travelHourlyRate).toBe(6000);
  });
});
