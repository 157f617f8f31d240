import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { painPoints, settings } from '../../db/schema';

describe('public catalogue and settings reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists the seeded pain points, active only', async () => {
    const res = await get('/api/pain-points');
    expect(res.statusCode).toBe(200);
    expect(res.json().painPoints.map((p: { id: string; name: string }) => [p.id, p.name])).toEqual([
      ['uv-privacy', 'UV / Privacy / Heat & Glare'],
      ['thermal', 'Winter Thermal Insulation'],
      ['security', 'Security and Safety'],
    ]);

    await t.database.db
      .update(painPoints)
      .set({ active: false })
      .where(eq(painPoints.id, 'thermal'));
    const after = await get('/api/pain-points');
    expect(after.json().painPoints.map((p: { id: string }) => p.id)).toEqual([
      'uv-privacy',
      'security',
    ]);
    await t.database.db
      .update(painPoints)
      .set({ active: true })
      .where(eq(painPoints.id, 'thermal'));
  });

  it('lists the two booking options, estimate first', async () => {
    const res = await get('/api/booking-options');
    expect(res.json()).toEqual({
      bookingOptions: [
        {
          id: 'estimate',
          label: 'Get an Estimate',
          description: 'Price Estimation from Measurements',
          duration: 30,
        },
        {
          id: 'consultation',
          label: 'Book Consultation',
          description: 'Phone / Onsite Booking',
          duration: 30,
        },
      ],
    });
  });

  it('answers the public subset of the settings: toggles, contact details, banners', async () => {
    await t.database.db.insert(settings).values([
      {
        key: 'summer_banner',
        category: 'banners',
        value: { text: 'Summer sale', color: '#0a7d32' },
      },
      { key: 'smtp_password', category: 'banners', value: { text: 'secret' }, isSecret: true },
    ]);
    const res = await get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      toggles: {
        calendar_view_enabled: true,
        promo_codes_enabled: true,
        seasonal_promotions_enabled: true,
        form_webhook_enabled: false,
      },
      business: {
        name: 'Your Business Name',
        email: 'bookings@example.com',
        phone: '(03) 5550 0000',
      },
      banners: [{ key: 'summer_banner', text: 'Summer sale', color: '#0a7d32' }],
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('travel');
  });
});
