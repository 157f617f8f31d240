import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '#tests/helpers/booking-flows.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { errorCodes } from '#shared/api/error.ts';
import { promoDisabled } from '#shared/pricing/promo.ts';
import { promoCodes } from '#server/db/schema/index.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';

const fivePanes = Array.from({ length: 5 }, () => ({ length: 1000, width: 1000, sqm: 1 }));

// Estimates under changed settings, with an app of their own (the Contact steps of
// estimates.test.ts use up the rate limit of one client).
describe('estimates under changed settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // issue 26 item 7 (ADR 044): one 28.8 m² pane costs its area, not "4 panes of its size"
  it('prices a small job by its panes, raised to the minimum job charge only when below it', async () => {
    // one session, estimated again and again (as a customer changing the measurements)
    const { sessionId } = await completeContactStep(t.app, {
      structuredAddress: gazetteerPlace('12 Smith Street', 'Fitzroy', '3065').structuredAddress,
    });
    const small = async (length: number, width: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/estimates',
        payload: {
          sessionId,
          glassCount: 1,
          painPoint: 'uv-privacy',
          measurements: [{ length, width, sqm: (length * width) / 1e6 }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().estimate;
    };
    const big = await small(12_000, 2_400);
    expect(big).toMatchObject({ tintCents: 129_600, extraPanes: null, minimumCharge: null });
    expect(big.totalCents).toBe(129_600 + 1300);

    const tiny = await small(1000, 1000);
    expect(tiny.minimumCharge).toEqual({ threshold: 4, chargeCents: 27_000, topUpCents: 22_500 });
    expect(tiny).toMatchObject({ extraPanes: null, tintCents: 27_000, totalCents: 27_000 + 1300 });

    // the charge is the admin's setting
    await setSetting(t.database.db, 'minimum_job_charge_cents', 10_000);
    try {
      expect((await small(1000, 1000)).minimumCharge?.topUpCents).toBe(5500);
    } finally {
      await setSetting(t.database.db, 'minimum_job_charge_cents', 27_000);
    }
  });

  // issue 26 item 12: switched off, a valid code is refused as switched off, not as "not valid"
  it('refuses every promo code while promo codes are switched off, saying so', async () => {
    await t.database.db
      .insert(promoCodes)
      .values({ code: 'OFFNOW10', discountType: 'percentage', discountValue: 10 });
    const { sessionId } = await completeContactStep(t.app);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/estimates',
        payload: {
          sessionId,
          glassCount: 5,
          painPoint: 'uv-privacy',
          measurements: fivePanes,
          promoCode: 'OFFNOW10',
        },
      });
    expect((await ask()).statusCode).toBe(200);
    await setSetting(t.database.db, 'promo_codes_enabled', false);
    try {
      const res = await ask();
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: errorCodes.promoDisabled,
        message: promoDisabled.message,
        fields: { promoCode: promoDisabled.message },
      });
    } finally {
      await setSetting(t.database.db, 'promo_codes_enabled', true);
    }
  });
});
