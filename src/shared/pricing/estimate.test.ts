import { describe, expect, it } from 'vitest';
import { errorCodes } from '#shared/api/error.ts';
import { computeEstimate, type EstimateInput } from './estimate';
import { formatPriceIncGst } from './money';
import { promoMessages, promoRefusal, type PromoRules } from './promo';

const melbourne = { lat: -37.8136, lng: 144.9631 };
// due north of the base by this many straight-line kilometres
const northBy = (km: number) => ({
  lat: melbourne.lat + km / 111.19492664455873,
  lng: melbourne.lng,
});

const base: EstimateInput = {
  glassCount: 5,
  measurements: [],
  pricePerSqmCents: 4500,
  glassMinimumThreshold: 4,
  minimumChargeCents: 27_000,
};
const panes = (n: number, lengthMm: number, widthMm: number) =>
  Array.from({ length: n }, () => ({ lengthMm, widthMm }));

describe('computeEstimate', () => {
  // issue 26 item 7 (ADR 044): a small job pays at least the minimum charge, never phantom panes
  it('prices one 12,000 × 2,400 mm pane (28.8 m²) by its area: above the minimum, no extra line', () => {
    const e = computeEstimate({ ...base, glassCount: 1, measurements: panes(1, 12_000, 2_400) });
    expect(e.panes).toEqual([{ lengthMm: 12_000, widthMm: 2_400, sqm: 28.8, priceCents: 129_600 }]);
    expect(e.extraPanes).toBeNull();
    expect(e.minimumCharge).toBeNull();
    expect(e.totalSqm).toBe(28.8);
    expect(e.tintCents).toBe(129_600);
    expect(e.totalCents).toBe(129_600);
  });

  it('raises one 1 m² pane to the minimum job charge, on its own line', () => {
    const e = computeEstimate({ ...base, glassCount: 1, measurements: panes(1, 1000, 1000) });
    expect(e.panes).toEqual([{ lengthMm: 1000, widthMm: 1000, sqm: 1, priceCents: 4500 }]);
    expect(e.extraPanes).toBeNull();
    expect(e.minimumCharge).toEqual({ threshold: 4, chargeCents: 27_000, topUpCents: 22_500 });
    expect(e.totalSqm).toBe(1);
    expect(e.tintCents).toBe(27_000);
    expect(e.totalCents).toBe(27_000);
    expect(e.gstCents).toBe(2455);
  });

  it('adds travel on top of the minimum charge, and the promo applies to both', () => {
    const e = computeEstimate({
      ...base,
      glassCount: 1,
      measurements: panes(1, 1000, 1000),
      travel: { from: melbourne, to: northBy(10), hourlyRateCents: 5200 },
      promo: { code: 'TEN', discountType: 'percentage', discountValue: 10 },
    });
    expect(e.tintCents).toBe(27_000);
    expect(e.subtotalCents).toBe(27_000 + 3900);
    expect(e.totalCents).toBe(30_900 - 3090);
  });

  it('has no minimum line from the threshold on, however cheap the panes', () => {
    const e = computeEstimate({ ...base, glassCount: 4, measurements: panes(4, 500, 500) });
    expect(e.minimumCharge).toBeNull();
    expect(e.tintCents).toBe(4 * 1125);
  });

  it('charges no minimum when it is $0, and prices nothing that was not measured', () => {
    const none = computeEstimate({
      ...base,
      glassCount: 1,
      measurements: panes(1, 1000, 1000),
      minimumChargeCents: 0,
    });
    expect(none.minimumCharge).toBeNull();
    expect(none.totalCents).toBe(4500);
    const unmeasured = computeEstimate({ ...base, glassCount: 2, measurements: [] });
    expect(unmeasured.minimumCharge).toBeNull();
    expect(unmeasured.totalCents).toBe(0);
  });

  it('prices many panes by area at the concern rate', () => {
    const e = computeEstimate({ ...base, glassCount: 5, measurements: panes(5, 1200, 900) });
    expect(e.panes.map((p) => [p.sqm, p.priceCents])).toEqual(Array(5).fill([1.08, 4860]));
    expect(e.extraPanes).toBeNull();
    expect(e.totalSqm).toBe(5.4);
    expect(e.totalCents).toBe(24300);
    expect(formatPriceIncGst(e.totalCents)).toBe('$243.00 inc. GST');
  });

  it('counts unmeasured panes at the average measured pane toward the minimum charge', () => {
    const e = computeEstimate({
      ...base,
      glassCount: 3,
      measurements: [
        { lengthMm: 1500, widthMm: 1000 },
        { lengthMm: 500, widthMm: 500 },
      ],
    });
    expect(e.extraPanes).toEqual({
      count: 1,
      sqmEach: 0.875,
      priceCents: 3938,
      reason: 'unmeasured',
    });
    expect(e.minimumCharge?.topUpCents).toBe(27_000 - (6750 + 1125 + 3938));
    expect(e.tintCents).toBe(27_000);
  });

  it('prices counted but unmeasured panes at the average measured pane', () => {
    const e = computeEstimate({ ...base, glassCount: 6, measurements: panes(4, 1000, 500) });
    expect(e.extraPanes).toEqual({
      count: 2,
      sqmEach: 0.5,
      priceCents: 4500,
      reason: 'unmeasured',
    });
    expect(e.totalCents).toBe(6 * 2250);
  });

  it("keeps the customer's own m² over length × width", () => {
    const e = computeEstimate({
      ...base,
      measurements: [{ lengthMm: 1000, widthMm: 1000, sqm: 1.2345 }],
      glassCount: 4,
    });
    expect(e.panes[0]?.sqm).toBe(1.235);
  });

  it('charges the round trip rounded up to 15 minutes at the hourly rate', () => {
    // 10 km each way straight → 26 km by road both ways → 31.2 min → 45 min × $52/h = $39
    const e = computeEstimate({
      ...base,
      measurements: panes(5, 1000, 1000),
      travel: { from: melbourne, to: northBy(10), hourlyRateCents: 5200 },
    });
    expect(e.travel).toEqual({ roundTripKm: 26, minutes: 45, costCents: 3900 });
    expect(e.subtotalCents).toBe(22500 + 3900);
  });

  it('does not round an exact quarter hour up to the next one', () => {
    // 12.5 km by road both ways is exactly 15 minutes at 50 km/h
    const e = computeEstimate({
      ...base,
      measurements: panes(5, 1000, 1000),
      travel: { from: melbourne, to: northBy(12.5 / 2.6), hourlyRateCents: 5200 },
    });
    expect(e.travel?.minutes).toBe(15);
    expect(e.travel?.costCents).toBe(1300);
  });

  it('takes 100 % off down to exactly zero', () => {
    const e = computeEstimate({
      ...base,
      measurements: panes(5, 1000, 1000),
      promo: { code: 'FREE', discountType: 'percentage', discountValue: 100 },
    });
    expect(e.discount?.amountCents).toBe(22500);
    expect(e.totalCents).toBe(0);
    expect(e.gstCents).toBe(0);
  });

  it('applies a percentage to the subtotal including travel', () => {
    const e = computeEstimate({
      ...base,
      measurements: panes(5, 1000, 1000),
      travel: { from: melbourne, to: northBy(10), hourlyRateCents: 5200 },
      promo: { code: 'SUMMER20', discountType: 'percentage', discountValue: 20 },
    });
    expect(e.discount?.amountCents).toBe(Math.round(26400 * 0.2));
    expect(e.totalCents).toBe(26400 - 5280);
    expect(e.gstCents).toBe(1920);
  });

  it('caps a fixed discount above the total so the price never goes below 0', () => {
    const e = computeEstimate({
      ...base,
      glassCount: 4,
      measurements: panes(4, 500, 500),
      promo: { code: 'BIG', discountType: 'fixed', discountValue: 100_000 },
    });
    expect(e.subtotalCents).toBe(4500);
    expect(e.discount?.amountCents).toBe(4500);
    expect(e.totalCents).toBe(0);
  });
});

describe('promoRefusal', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const ok: PromoRules = {
    isActive: true,
    validFrom: new Date('2026-11-01T00:00:00Z'),
    validTo: new Date('2026-12-31T00:00:00Z'),
    usageLimit: 10,
    usageCount: 3,
  };

  it.each([
    ['a valid code', ok, null],
    ['an unknown code', null, promoMessages.unknown],
    ['an inactive code', { ...ok, isActive: false }, promoMessages.inactive],
    [
      'a code not yet valid',
      { ...ok, validFrom: new Date('2026-12-01T00:00:00Z') },
      promoMessages.notYetValid,
    ],
    [
      'an expired code',
      { ...ok, validTo: new Date('2026-11-21T23:59:59Z') },
      promoMessages.expired,
    ],
    ['a used-up code', { ...ok, usageCount: 10 }, promoMessages.usedUp],
    ['a code without limits', { ...ok, validFrom: null, validTo: null, usageLimit: null }, null],
  ])('%s', (_name, promo, expected) => {
    expect(promoRefusal(promo, now)?.message ?? null).toBe(expected);
  });

  it('gives each refusal its API code', () => {
    expect(promoRefusal(null, now)?.code).toBe(errorCodes.promoUnknown);
    expect(promoRefusal({ ...ok, usageCount: 10 }, now)?.code).toBe(errorCodes.promoUsedUp);
  });
});
