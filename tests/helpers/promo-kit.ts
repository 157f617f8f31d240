import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createRoleTestApp, type RoleTestApp } from '#tests/helpers/staff.ts';
import { settings } from '#server/db/schema/index.ts';

/**
 * A signed-in staff/admin test app for the promo-code tests of this describe, and the calls they
 * share. Each test makes the codes it needs, with a code and UTM trigger of its own.
 */
export function promoTestApp() {
  let t: RoleTestApp;
  beforeAll(async () => {
    t = await createRoleTestApp();
  });
  afterAll(() => t.close());
  const call: RoleTestApp['call'] = (...args) => t.call(...args);
  const create = (payload: object) => call('POST', '/api/promo-codes', 'admin', payload);
  const lookup = (code: string) => call('GET', `/api/promo-codes/lookup/${code}`);
  const setToggle = (key: string, value: boolean) =>
    t.database.db.update(settings).set({ value }).where(eq(settings.key, key));
  // each test makes the codes it needs, with a code and UTM trigger of its own
  const unique = () => randomUUID().slice(0, 6).toUpperCase();
  const makeSeasonal = async () => {
    const s = unique();
    const code = `SUMMER20-${s}`;
    const utmTrigger = `summer-ads-${s.toLowerCase()}`;
    const res = await create({
      code: code.toLowerCase(),
      description: 'Summer sale',
      discount_type: 'percentage',
      discount_value: 20,
      is_seasonal: true,
      season_name: 'Summer',
      utm_trigger: utmTrigger,
      banner_color: '#1D4ED8',
      valid_from: '2026-01-01T00:00:00+11:00',
      valid_to: '2027-01-01T00:00:00+11:00',
      usage_limit: 100,
    });
    return { res, code, utmTrigger };
  };

  return { db: () => t.database.db, call, create, lookup, setToggle, unique, makeSeasonal };
}
