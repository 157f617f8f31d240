import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSetting } from '#tests/helpers/booking-flows.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { errorCodes } from '#shared/api/error.ts';
import { detailsMessages, noLeadMessage } from '#shared/estimate/details.contract.ts';
import { promoMessages } from '#shared/pricing/promo.ts';
import { leads, pricing, promoCodes, sessions } from '#server/db/schema/index.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';

// The base (Melbourne VIC 3000, seeded) to Fitzroy VIC 3065: 1.9 km straight, so the round
// trip is about 5 km by road → 6 minutes → rounded up to 15 minutes → $13.00 at $52/h.
const fivePanes = Array.from({ length: 5 }, () => ({ length: 1000, width: 1000, sqm: 1 }));

describe('Details step and estimates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const contact = () =>
    completeContactStep(t.app, {
      structuredAddress: gazetteerPlace('12 Smith Street', 'Fitzroy', '3065').structuredAddress,
    });
  const estimate = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/estimates', payload });
  const leadOf = async (sessionId: string) =>
    (await t.database.db.select().from(leads).where(eq(leads.sessionId, sessionId)))[0];

  it('saves the details on the lead (stage details) and in the session', async () => {
    const { sessionId } = await contact();
    const details = {
      glassCount: 5,
      painPoint: 'thermal',
      jobDescription: 'Lounge',
      measurements: fivePanes,
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/details`,
      payload: details,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().lead.stage).toBe('details');
    expect((await leadOf(sessionId))?.data).toMatchObject({ details, bookingOption: 'estimate' });
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(session?.bookingData).toMatchObject({ glassCount: 5, painPoint: 'thermal' });
  });

  it.each([
    [{ glassCount: 0 }, 'glassCount', detailsMessages.glassCountMin],
    [{ glassCount: 51 }, 'glassCount', detailsMessages.glassCountMax],
    [{ painPoint: '' }, 'painPoint', detailsMessages.painPointRequired],
    [{ painPoint: 'no-such-concern' }, 'painPoint', detailsMessages.painPointRequired],
    [{ measurements: [] }, 'measurements', detailsMessages.measurementsRequired],
    [
      { measurements: [{ length: -1, width: 10, sqm: 0 }] },
      'measurements.0.length',
      detailsMessages.lengthPositive,
    ],
    [{ jobDescription: 'x'.repeat(5001) }, 'jobDescription', detailsMessages.jobDescriptionMax],
  ])('refuses details %o with the field message', async (override, field, message) => {
    const { sessionId } = await contact();
    const payload = { glassCount: 5, painPoint: 'thermal', measurements: fivePanes, ...override };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/details`,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it('sends a session without a lead back to the Contact step', async () => {
    const details = { glassCount: 5, painPoint: 'thermal', measurements: fivePanes };
    const sessionId = randomUUID();
    for (const res of [
      await t.app.inject({
        method: 'PUT',
        url: `/api/sessions/${sessionId}/details`,
        payload: details,
      }),
      await estimate({ sessionId, ...details }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: errorCodes.noLead, message: noLeadMessage });
    }
  });

  it('prices from the database, adds travel, and stores the estimate on the lead', async () => {
    const { sessionId } = await contact();
    const res = await estimate({
      sessionId,
      glassCount: 5,
      painPoint: 'uv-privacy',
      measurements: fivePanes,
    });
    expect(res.statusCode).toBe(200);
    const { estimate: e, onsite } = res.json();
    expect(e).toMatchObject({ totalSqm: 5, ratePerSqmCents: 4500, tintCents: 22500 });
    expect(e.travel).toMatchObject({ minutes: 15, costCents: 1300 });
    expect(e.totalCents).toBe(23800);
    expect(e.gstCents).toBe(2164);
    expect(onsite).toEqual({ available: true, threshold: 5, restrictionEnabled: true });
    const lead = await leadOf(sessionId);
    expect(lead?.stage).toBe('estimate');
    expect(lead?.data).toMatchObject({ estimatedPrice: 23800, estimate: { totalCents: 23800 } });
  });

  it('ignores a price forged in the request', async () => {
    const { sessionId } = await contact();
    const res = await estimate({
      sessionId,
      glassCount: 5,
      painPoint: 'uv-privacy',
      measurements: fivePanes,
      totalCents: 1,
      estimatedPrice: 1,
      pricePerSqmCents: 1,
      ratePerSqmCents: 1,
    });
    expect(res.json().estimate.totalCents).toBe(23800);
    expect((await leadOf(sessionId))?.data).toMatchObject({ estimatedPrice: 23800 });
  });

  it("uses the concern's own rate and offers phone only below the onsite threshold", async () => {
    await t.database.db
      .update(pricing)
      .set({ pricePerSqmCents: 6000 })
      .where(eq(pricing.painPointName, 'security'));
    const { sessionId } = await contact();
    const res = await estimate({
      sessionId,
      glassCount: 4,
      painPoint: 'security',
      measurements: fivePanes.slice(0, 4),
    });
    expect(res.json().estimate).toMatchObject({ ratePerSqmCents: 6000, tintCents: 24000 });
    expect(res.json().onsite.available).toBe(false);
  });

  it('applies a valid promo code and refuses expired, used-up and unknown ones', async () => {
    const day = 24 * 3600 * 1000;
    await t.database.db.insert(promoCodes).values([
      { code: 'SUMMER20', discountType: 'percentage', discountValue: 20 },
      {
        code: 'OLD10',
        discountType: 'percentage',
        discountValue: 10,
        validTo: new Date(Date.now() - day),
      },
      { code: 'GONE', discountType: 'fixed', discountValue: 1000, usageLimit: 5, usageCount: 5 },
    ]);
    const { sessionId } = await contact();
    const ask = (promoCode: string) =>
      estimate({
        sessionId,
        glassCount: 5,
        painPoint: 'uv-privacy',
        measurements: fivePanes,
        promoCode,
      });

    const ok = await ask('summer20');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().estimate.discount).toMatchObject({ code: 'SUMMER20', amountCents: 4760 });
    expect(ok.json().estimate.totalCents).toBe(23800 - 4760);

    for (const [code, message, errorCode] of [
      ['OLD10', promoMessages.expired, errorCodes.promoExpired],
      ['GONE', promoMessages.usedUp, errorCodes.promoUsedUp],
      ['NOPE', promoMessages.unknown, errorCodes.promoUnknown],
    ] as const) {
      const res = await ask(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: errorCode,
        message,
        fields: { promoCode: message },
      });
    }
  });

  it('reads the saved estimate and the onsite offer, saving nothing (GET)', async () => {
    const read = (sessionId: string) =>
      t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/estimate` });
    const stranger = await read(randomUUID());
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().error).toMatchObject({
      code: errorCodes.noLead,
      message: noLeadMessage,
    });

    const { sessionId } = await contact();
    expect((await read(sessionId)).json()).toEqual({
      glassCount: 0,
      estimate: null,
      onsite: { available: false, threshold: 5, restrictionEnabled: true },
    });

    const details = { glassCount: 5, painPoint: 'uv-privacy', measurements: fivePanes };
    await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/details`,
      payload: details,
    });
    const priced = (await estimate({ sessionId, ...details })).json();
    const before = await leadOf(sessionId);
    const res = await read(sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ glassCount: 5, estimate: priced.estimate, onsite: priced.onsite });
    expect(await leadOf(sessionId)).toEqual(before);

    // onsite follows the settings of now, as the booking's own check does
    await setSetting(t.database.db, 'onsite_glass_threshold', 6);
    try {
      expect((await read(sessionId)).json().onsite).toEqual({
        available: false,
        threshold: 6,
        restrictionEnabled: true,
      });
    } finally {
      await setSetting(t.database.db, 'onsite_glass_threshold', 5);
    }
  });
});
