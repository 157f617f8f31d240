import { describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import type { AdminPainPoint } from '#shared/admin/catalogue.contract.ts';
import type { Pricing } from '#shared/admin/pricing.contract.ts';
import { pricingChanges, pricingFormSchema, toPricingValues } from './pricing-values';

const painPoint = (id: string): AdminPainPoint => ({
  id,
  name: id,
  description: '',
  active: true,
  sortOrder: 0,
});
const pricing: Pricing = {
  rows: [
    { id: 'r1', painPointName: 'thermal', pricePerSqmCents: 4500, description: '', isActive: true },
  ],
  travelHourlyRate: 5200,
  glassMinimumThreshold: 4,
  minimumJobCharge: 27000,
  onsiteGlassThreshold: 5,
  onsiteRestrictionEnabled: true,
};
const painPoints = [painPoint('thermal'), painPoint('new-one')];

describe('the pricing form', () => {
  it('shows dollars, one row per pain point, blank where there is no price yet', () => {
    const values = toPricingValues(pricing, painPoints);
    expect(values.rows).toEqual([
      { painPointName: 'thermal', saved: true, price: '45.00' },
      { painPointName: 'new-one', saved: false, price: '' },
    ]);
    expect(values.travelHourlyRate).toBe('52.00');
    expect(values.minimumJobCharge).toBe('270.00');
  });

  it('sends nothing when nothing changed', () => {
    const output = pricingFormSchema.parse(toPricingValues(pricing, painPoints));
    expect(pricingChanges(pricing, output)).toEqual({});
  });

  it('sends only the changed price, a first price, and the changed settings, in cents', () => {
    const values = toPricingValues(pricing, [...painPoints, painPoint('other')]);
    values.rows[1]!.price = '60.1';
    values.travelHourlyRate = '51.99';
    values.minimumJobCharge = '$300';
    values.onsiteRestrictionEnabled = false;
    const output = pricingFormSchema.parse(values);
    expect(pricingChanges(pricing, output)).toEqual({
      rows: [{ painPointName: 'new-one', pricePerSqmCents: 6010 }],
      travelHourlyRate: 5199,
      minimumJobCharge: 30000,
      onsiteRestrictionEnabled: false,
    });
  });

  it('puts the contract messages on the fields that are wrong', () => {
    const values = toPricingValues(pricing, painPoints);
    values.rows[0]!.price = '';
    values.travelHourlyRate = '0';
    values.glassMinimumThreshold = Number.NaN;
    values.minimumJobCharge = '-5';
    const result = pricingFormSchema.safeParse(values);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rows.0.price', adminMessages.pricePerSqm],
      ['travelHourlyRate', adminMessages.travelRate],
      ['glassMinimumThreshold', adminMessages.threshold],
      ['minimumJobCharge', adminMessages.minimumCharge],
    ]);
  });
});
