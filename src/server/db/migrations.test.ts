import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { migrationsDir } from '../lib/package-root';
import { bookingOptions, painPoints, pricing, settings } from './schema';

describe('migrations and seeded defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function counts() {
    const { db } = t.database;
    const count = async (
      table: typeof painPoints | typeof bookingOptions | typeof pricing | typeof settings,
    ) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
    return {
      painPoints: await count(painPoints),
      bookingOptions: await count(bookingOptions),
      pricing: await count(pricing),
      settings: await count(settings),
    };
  }

  it('seeds the defaults of spec §3 and §9', async () => {
    const { db } = t.database;
    const values = Object.fromEntries(
      (await db.select().from(settings)).map((s) => [s.key, s.value]),
    );
    expect(values).toMatchObject({
      calendar_view_enabled: true,
      promo_codes_enabled: true,
      seasonal_promotions_enabled: true,
      form_webhook_enabled: false,
      travel_hourly_rate_cents: 5200,
      glass_minimum_threshold: 4,
      onsite_glass_threshold: 5,
      onsite_restriction_enabled: true,
      cutoff_hour: 16,
      same_day_lead_time: 1,
      next_day_lead_time: 2,
      allow_weekends: false,
      timezone: 'Australia/Melbourne',
      slots_per_day: 16,
      slot_minutes: 30,
      first_slot: '08:00',
    });
    const prices = await db.select().from(pricing);
    expect(prices.map((p) => [p.painPointName, p.pricePerSqmCents]).sort()).toEqual([
      ['security', 4500],
      ['thermal', 4500],
      ['uv-privacy', 4500],
    ]);
  });

  it('seeds idempotently: running the seed again changes nothing and keeps edits', async () => {
    const { db } = t.database;
    await db
      .update(settings)
      .set({ value: 17 })
      .where(sql`${settings.key} = 'cutoff_hour'`);
    const before = await counts();
    const seed = readFileSync(join(migrationsDir, '0001_seed-defaults.sql'), 'utf8');
    for (const statement of seed.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    expect(await counts()).toEqual(before);
    const [cutoff] = await db
      .select()
      .from(settings)
      .where(sql`${settings.key} = 'cutoff_hour'`);
    expect(cutoff?.value).toBe(17);
  });
});
