import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { migrationsDir } from '#server/lib/package-root.ts';
import { bookingOptions, painPoints, pricing, settings } from './schema';

const retiredSettingKeys = ['booking_staff'];

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

  // The seeded values themselves are checked against src/shared in seeded-defaults.test.ts.
  it('seeds idempotently: running the seed again changes nothing and keeps edits', async () => {
    const { db } = t.database;
    const edited = settingDefaults.cutoff_hour + 1;
    await db
      .update(settings)
      .set({ value: edited })
      .where(sql`${settings.key} = 'cutoff_hour'`);
    const before = await counts();
    const seed = readFileSync(join(migrationsDir, '0001_seed-defaults.sql'), 'utf8');
    for (const statement of seed.split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    // the first seed's keys that later migrations retired come back with it: 0022 made the
    // booking staff consultants and removed their setting
    await db.delete(settings).where(inArray(settings.key, retiredSettingKeys));
    expect(await counts()).toEqual(before);
    const [cutoff] = await db
      .select()
      .from(settings)
      .where(sql`${settings.key} = 'cutoff_hour'`);
    expect(cutoff?.value).toBe(edited);
  });
});
