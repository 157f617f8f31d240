import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { isPublicRoute, webAppRoute } from '#server/plugins/public-routes.ts';
import type { RegisteredRoute } from '#server/plugins/auth.ts';
import { isApiError, parseJson } from '#tests/helpers/api-error.ts';
import { holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs, testPassword } from '#tests/helpers/staff.ts';
import { requestsFor } from './route-requests';
import type { Hints } from './schema-arbitrary';

/**
 * The seed of every fuzz run: fixed, so a run that fails fails again; FUZZ_SEED explores others.
 * fast-check prints the seed and the failing request.
 */
export const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20_260_416);

/** Every public route the app registers (new ones are fuzzed without a change here). */
export function publicRoutesOf(app: FastifyInstance): RegisteredRoute[] {
  return app.registeredRoutes.filter(
    (r) => r.method !== 'HEAD' && `GET ${r.url}` !== webAppRoute && isPublicRoute(r.method, r.url),
  );
}

/** What is wrong with an answer: a 5xx, or a refusal outside the documented shape. */
export function problemWith(
  res: LightMyRequestResponse,
  method: string | undefined,
): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400 || method === 'HEAD') return null;
  if (!isApiError(parseJson(res.body))) {
    return `answered ${res.statusCode} outside the error shape: ${res.body.slice(0, 300)}`;
  }
  return null;
}

/** Guarded routes, for a signed-in admin. */
export function staffRoutesOf(app: FastifyInstance): RegisteredRoute[] {
  return app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !isPublicRoute(r.method, r.url));
}

/**
 * `runsPerRoute` generated requests to each route, one seeded property per route; the failures
 * (with fast-check's shrunk counterexample) and the number of requests sent.
 */
export async function fuzzRoutes(
  app: FastifyInstance,
  routes: readonly RegisteredRoute[],
  { runsPerRoute, hints, cookie }: { runsPerRoute: number; hints: Hints; cookie?: string },
): Promise<{ failures: string[]; sent: number }> {
  const failures: string[] = [];
  let sent = 0;
  for (const [index, route] of routes.entries()) {
    const property = fc.asyncProperty(requestsFor(route, hints), async (request) => {
      sent += 1;
      const headers = { ...(request.headers as Record<string, string>), ...(cookie && { cookie }) };
      const problem = problemWith(await app.inject({ ...request, headers }), request.method);
      if (problem) throw new Error(problem);
    });
    try {
      await fc.assert(property, { seed: fuzzSeed + index, numRuns: runsPerRoute });
    } catch (err) {
      failures.push(`${route.method} ${route.url}: ${(err as Error).message.slice(0, 2000)}`);
    }
  }
  return { failures, sent };
}

/**
 * Real values of a seeded app, by the property names the contracts use: a generated request
 * picks them now and then, so it gets past "not found" into services and the database.
 */
export async function realValues(
  app: FastifyInstance,
): Promise<{ hints: Hints; adminCookie: string }> {
  const admin = await createStaff(app.database.db, { role: 'admin' });
  const cookie = await signInAs(app, admin.email);
  await app.inject({
    method: 'POST',
    url: '/api/promo-codes',
    headers: { cookie, ...sameOrigin },
    payload: {
      code: 'FUZZ10',
      discountType: 'percentage',
      discountValue: 10,
      utmTrigger: 'spring',
    },
  });
  const booked = await readyToBook(app, { glassCount: 5 });
  const ready = await readyToBook(app, { glassCount: 5 });
  const days = (await app.inject({ method: 'GET', url: '/api/availability' })).json() as {
    days: { slots: { startTime: string; staffId: string; available: boolean }[] }[];
  };
  const slots = days.days.flatMap((d) => d.slots).filter((s) => s.available);
  const [first, second] = slots;
  if (!first || !second) throw new Error('the fuzz needs two open slots');
  const { manageToken } = await holdAndBook(app, booked.sessionId, first.startTime);
  const held = await app.inject({
    method: 'POST',
    url: '/api/holds',
    payload: { sessionId: ready.sessionId, startTime: second.startTime },
  });
  const sessions = [booked.sessionId, ready.sessionId];
  const hints = {
    sessionId: sessions,
    previousSessionId: sessions,
    newSessionId: sessions,
    customerId: [booked.customerId, ready.customerId],
    reservationId: [held.json().reservationId as string],
    token: [manageToken],
    code: ['FUZZ10', 'fuzz10'],
    utmTrigger: ['spring'],
    startTime: slots.slice(2, 12).map((s) => s.startTime),
    staffId: [first.staffId],
    painPoint: ['uv-privacy'],
    bookingOption: ['estimate', 'onsite', 'phone'],
    serviceType: ['phone', 'onsite'],
    email: [admin.email, 'alex@example.com'],
    firstName: ['Alex', 'Zoë'],
    lastName: ['Nguyen'],
    phone: ['0412 345 678', '(03) 9123 4567'],
    address: ['12 Smith Street, Fitzroy VIC 3065'],
    password: [testPassword],
    q: ['12 Smith Street', 'Fitzroy'],
    // staff routes: settings by key, catalogue entries by id
    key: ['business_name', 'blackout_dates', 'custom_note', 'twilio_auth_token'],
    id: ['uv-privacy', 'estimate', randomUUID()],
  };
  return { hints, adminCookie: cookie };
}
