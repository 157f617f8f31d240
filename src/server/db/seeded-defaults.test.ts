import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { settingEntry } from '#shared/settings/settings-registry.ts';
import {
  defaultBookingOptions,
  defaultPainPoints,
  defaultPricing,
} from '#shared/catalogue/catalogue-defaults.ts';
import { settingDefaults } from '#shared/settings/setting-defaults.ts';
import { bookingOptions, painPoints, pricing, settings } from './schema';

// drizzle/0001_seed-defaults.sql is history and is never edited, while src/shared holds the one
// copy of each default the code reads: this keeps the two equal, key for key, in both directions.
describe('the seed migration seeds exactly the defaults of src/shared', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds every built-in setting with its default, and no other setting', async () => {
    const rows = await t.database.db.select().from(settings);
    const seeded = Object.fromEntries(
      rows.map((row) => [
        row.key,
        { value: row.value, category: row.category, description: row.description },
      ]),
    );
    const expected = Object.fromEntries(
      Object.entries(settingDefaults).map(([key, value]) => [
        key,
        {
          value,
          category: settingEntry(key)?.screen,
          description: settingEntry(key)?.description,
        },
      ]),
    );
    expect(seeded).toEqual(expected);
    expect(rows.filter((row) => row.isSecret)).toEqual([]);
  });

  it('seeds the default pain points, and no others', async () => {
    const rows = await t.database.db.select().from(painPoints).orderBy(painPoints.sortOrder);
    expect(
      rows.map(({ id, name, description, active, sortOrder }) => ({
        id,
        name,
        description,
        active,
        sortOrder,
      })),
    ).toEqual(defaultPainPoints);
  });

  it('seeds the default booking options, and no others', async () => {
    const rows = await t.database.db
      .select()
      .from(bookingOptions)
      .orderBy(bookingOptions.sortOrder);
    expect(
      rows.map(({ id, label, description, durationMinutes, active, sortOrder }) => ({
        id,
        label,
        description,
        duration: durationMinutes,
        active,
        sortOrder,
      })),
    ).toEqual(defaultBookingOptions);
  });

  it('seeds the default pricing rows, and no others', async () => {
    const rows = await t.database.db.select().from(pricing);
    const byPainPoint = (a: { painPointName: string }, b: { painPointName: string }) =>
      a.painPointName.localeCompare(b.painPointName);
    expect(
      rows
        .map(({ painPointName, pricePerSqmCents, description, isActive }) => ({
          painPointName,
          pricePerSqmCents,
          description,
          isActive,
        }))
        .sort(byPainPoint),
    ).toEqual([...defaultPricing].sort(byPainPoint));
  });
});
