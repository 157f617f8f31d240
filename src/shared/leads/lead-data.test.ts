import { describe, expect, it } from 'vitest';
import { leadFacts, parseLeadData } from './lead-data';

const settings = { onsite_glass_threshold: 5, onsite_restriction_enabled: true };

describe('parseLeadData', () => {
  it('reads what the booking flow left on the lead', () => {
    const data = parseLeadData({
      bookingOption: 'estimate',
      details: {
        glassCount: 3,
        painPoint: 'heat',
        measurements: [{ length: 1200, width: 800, sqm: 0.96 }],
      },
      estimatedPrice: 27000,
      bookingId: 'b1',
      gaClientId: '123.456',
      adConsent: true,
    });
    expect(data).toMatchObject({
      bookingOption: 'estimate',
      details: { glassCount: 3, painPoint: 'heat', measurements: [{ length: 1200 }] },
      estimatedPrice: 27000,
      bookingId: 'b1',
      gaClientId: '123.456',
      adConsent: true,
    });
  });

  it('never fails: a row that is not an object reads as empty', () => {
    for (const raw of [null, undefined, 'text', 42, []]) expect(parseLeadData(raw)).toEqual({});
  });

  it('counts an unreadable part as absent and keeps the rest', () => {
    const data = parseLeadData({
      bookingOption: 7,
      details: { glassCount: 2.5, painPoint: 'heat', measurements: 'none' },
      estimate: { totalCents: 'lots' },
      attributionFamily: 'carrier_pigeon',
      estimatedPrice: 100,
    });
    expect(data.bookingOption).toBeUndefined();
    expect(data.details).toEqual({ painPoint: 'heat' });
    expect(data.estimate).toBeUndefined();
    expect(data.attributionFamily).toBeUndefined();
    expect(data.estimatedPrice).toBe(100);
  });
});

describe('leadFacts', () => {
  it('gives the panes and the onsite offer by the threshold', () => {
    expect(leadFacts(parseLeadData({ details: { glassCount: 5 } }), settings)).toEqual({
      glassCount: 5,
      onsite: { available: true, threshold: 5, restrictionEnabled: true },
    });
    expect(leadFacts(parseLeadData({ details: { glassCount: 4 } }), settings).onsite).toEqual({
      available: false,
      threshold: 5,
      restrictionEnabled: true,
    });
  });

  it('counts no panes before the Details step, and offers onsite when unrestricted', () => {
    const unrestricted = { ...settings, onsite_restriction_enabled: false };
    expect(leadFacts(parseLeadData(null), unrestricted)).toEqual({
      glassCount: 0,
      onsite: { available: true, threshold: 5, restrictionEnabled: false },
    });
  });
});
