import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { defaultBookingOptions, defaultPainPoints } from '#shared/catalogue/catalogue-defaults.ts';
import { toggleKeys } from '#shared/catalogue/catalogue.contract.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { painPoints, settings } from '#server/db/schema/index.ts';

describe('public catalogue and settings reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists the seeded pain points in order, active only', async () => {
    const res = await get('/api/pain-points');
    expect(res.statusCode).toBe(200);
    expect(res.json().painPoints).toEqual(
      defaultPainPoints.map(({ id, name, description, active }) => ({
        id,
        name,
        description,
        active,
      })),
    );

    const [first, second, third] = defaultPainPoints.map((p) => p.id);
    await t.database.db.update(painPoints).set({ active: false }).where(eq(painPoints.id, second!));
    const after = await get('/api/pain-points');
    expect(after.json().painPoints.map((p: { id: string }) => p.id)).toEqual([first, third]);
    await t.database.db.update(painPoints).set({ active: true }).where(eq(painPoints.id, second!));
  });

  it('lists the seeded booking options in order', async () => {
    const res = await get('/api/booking-options');
    expect(res.json()).toEqual({
      bookingOptions: defaultBookingOptions.map(({ id, label, description, duration }) => ({
        id,
        label,
        description,
        duration,
      })),
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
      toggles: Object.fromEntries(toggleKeys.map((key) => [key, d[key]])),
      // the seeded placeholders stay hidden until an admin confirms them (setup-checklist.test.ts)
      business: { name: '', email: '', phone: '' },
      banners: [{ key: 'summer_banner', text: 'Summer sale', color: '#0a7d32' }],
      branding: { logoUrl: null, logoDarkUrl: null, partners: [] },
      messages: { emailSent: false },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('travel');
  });
});
