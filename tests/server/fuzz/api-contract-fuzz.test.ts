import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createBookingTestApp, type BookingTestApp } from '#tests/helpers/booking-flows.ts';
import { fuzzRoutes, publicRoutesOf, realValues, staffRoutesOf } from './fuzz-support';
import type { Hints } from './schema-arbitrary';

// Issue 16: property-based requests to every route, generated from the route's own zod contract
// and spoiled (NUL, lone surrogates, extremes, wrong types, deep nesting, bodies that are not
// their content type). Whatever comes in: no 5xx, refusals in the documented shape, and the
// server still works afterwards. Routes come from the app's inventory: new ones are fuzzed too.
const publicRequestsPerRun = 2_100;
const staffRunsPerRoute = 20;

describe('fuzz: generated requests to every route', () => {
  let t: BookingTestApp;
  let hints: Hints;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    ({ hints, adminCookie } = await realValues(t.app));
  });
  afterAll(() => t.close());

  it(`answers ${publicRequestsPerRun} requests to the public routes without a 5xx`, async () => {
    const routes = publicRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const runsPerRoute = Math.ceil(publicRequestsPerRun / routes.length);
    const { failures, sent } = await fuzzRoutes(t.app, routes, { runsPerRoute, hints });
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(publicRequestsPerRun);
  }, 300_000);

  it('is still healthy: /health answers and a whole Contact step goes through', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await expect(completeContactStep(t.app)).resolves.toMatchObject({ leadId: expect.any(String) });
  });

  // last: an admin's requests change the catalogue and settings the public routes read
  it('answers requests of a signed-in admin to every staff route without a 5xx', async () => {
    const routes = staffRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const runsPerRoute = staffRunsPerRoute;
    const { failures } = await fuzzRoutes(t.app, routes, {
      runsPerRoute,
      hints,
      cookie: adminCookie,
    });
    expect(failures).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
  }, 300_000);
});
