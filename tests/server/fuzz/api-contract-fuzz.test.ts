import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createBookingTestApp } from '#tests/helpers/booking-flows.ts';
import { fuzzRoutes, publicRoutesOf, realValues, staffRoutesOf } from './fuzz-support';

// Issue 16: property-based requests to every route, generated from the route's own zod contract
// and spoiled (NUL, lone surrogates, extremes, wrong types, deep nesting, bodies that are not
// their content type). Whatever comes in: no 5xx, refusals in the documented shape, and the
// server still works afterwards. Routes come from the app's inventory: new ones are fuzzed too.
const publicRequestsPerRun = 2_100;
const staffRunsPerRoute = 20;

// Each describe has an app of its own: an admin's requests change the catalogue and settings the
// public routes read, and any order of the tests must pass (vitest --sequence.shuffle).
async function fuzzApp() {
  const t = await createBookingTestApp();
  return { t, ...(await realValues(t.app)) };
}

describe('fuzz: generated requests to the public routes', () => {
  let app: Awaited<ReturnType<typeof fuzzApp>>;
  beforeAll(async () => {
    app = await fuzzApp();
  });
  afterAll(() => app.t.close());

  it(`answers ${publicRequestsPerRun} requests without a 5xx, and works afterwards`, async () => {
    const { t, hints } = app;
    const routes = publicRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const runsPerRoute = Math.ceil(publicRequestsPerRun / routes.length);
    const { failures, sent } = await fuzzRoutes(t.app, routes, { runsPerRoute, hints });
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(publicRequestsPerRun);
    // still healthy: /health answers and a whole Contact step goes through
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await expect(completeContactStep(t.app)).resolves.toMatchObject({ leadId: expect.any(String) });
  }, 300_000);
});

describe('fuzz: generated requests of a signed-in admin to every staff route', () => {
  let app: Awaited<ReturnType<typeof fuzzApp>>;
  beforeAll(async () => {
    app = await fuzzApp();
  });
  afterAll(() => app.t.close());

  it('answers them without a 5xx, and the app still serves', async () => {
    const { t, hints, adminCookie } = app;
    const routes = staffRoutesOf(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const { failures } = await fuzzRoutes(t.app, routes, {
      runsPerRoute: staffRunsPerRoute,
      hints,
      cookie: adminCookie,
    });
    expect(failures).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(200);
  }, 300_000);
});
