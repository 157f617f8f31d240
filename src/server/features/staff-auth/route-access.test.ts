import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { staffMessages } from '#shared/staff/staff.contract.ts';
import {
  adminOnlyRoutes,
  isPublicRoute,
  publicRoutes,
  routeKey,
} from '#server/plugins/public-routes.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

/**
 * The audit behind "personal data never reaches an anonymous caller": every route the app
 * registers is either on the public list (src/server/plugins/public-routes.ts) or refuses a
 * caller without a staff session with 401, before reading the body. A new route that is neither
 * fails here.
 */
describe('route access: public by list, staff-only otherwise', () => {
  let t: TestApp;
  const cookies = { staff: '', admin: '' };
  beforeAll(async () => {
    t = await createTestApp();
    cookies.staff = await signInAs(
      t.app,
      (await createStaff(t.database.db, { role: 'staff' })).email,
    );
    cookies.admin = await signInAs(
      t.app,
      (await createStaff(t.database.db, { role: 'admin' })).email,
    );
  });
  afterAll(() => t.close());

  const routes = () => t.app.registeredRoutes;
  const guardedRoutes = () => routes().filter((r) => !isPublicRoute(r.method, r.url));
  // a concrete URL for a route pattern: ids as UUIDs so params schemas accept them
  const concrete = (url: string) => url.replace(/:\w+/g, () => randomUUID()).replace(/\*$/, 'x');
  const parseJson = (text: string): { error?: { code?: string; message?: string } } | null => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  };
  const call = (method: string, url: string, cookie?: string) =>
    t.app.inject({
      method: method as InjectOptions['method'],
      url: concrete(url),
      headers: cookie ? { cookie, ...sameOrigin } : {},
    });

  it('sees the routes the app registers', () => {
    const keys = routes().map((r) => routeKey(r.method, r.url));
    expect(keys).toContain('GET /health');
    expect(keys).toContain('POST /api/staff/session');
    expect(keys).toContain('GET /api/staff/session');
    expect(routes().length).toBeGreaterThan(publicRoutes.length);
  });

  it('lists as public only routes that exist (the list stays exact)', () => {
    const keys = new Set(routes().map((r) => routeKey(r.method, r.url)));
    const stale = [...publicRoutes, ...adminOnlyRoutes].filter((key) => !keys.has(key));
    expect(stale).toEqual([]);
  });

  it('answers 401 "Please sign in." on every other route to a caller without a session', async () => {
    const leaks: string[] = [];
    for (const { method, url } of guardedRoutes()) {
      const res = await call(method, url);
      const body = parseJson(res.body);
      const refused =
        res.statusCode === 401 &&
        (method === 'HEAD' ||
          (body?.error?.code === 'UNAUTHORIZED' &&
            body.error.message === staffMessages.signInRequired));
      if (!refused)
        leaks.push(`${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 120)}`);
    }
    // Fix: add the route to publicRoutes on purpose, or register it inside staff-routes.ts
    expect(leaks).toEqual([]);
    expect(guardedRoutes().length).toBeGreaterThan(0);
  });

  it('answers 403 to the staff role on admin-only routes, and never refuses an admin', async () => {
    const wrong: string[] = [];
    for (const { method, url } of guardedRoutes()) {
      const adminOnly = adminOnlyRoutes.includes(routeKey(method === 'HEAD' ? 'GET' : method, url));
      const asStaff = await call(method, url, cookies.staff);
      const asAdmin = await call(method, url, cookies.admin);
      if (adminOnly && asStaff.statusCode !== 403)
        wrong.push(`${method} ${url}: staff got ${asStaff.statusCode}`);
      // a guarded route not listed as admin-only must let the staff role through
      if (!adminOnly && asStaff.statusCode === 403) wrong.push(`${method} ${url}: staff got 403`);
      if (asAdmin.statusCode === 403) wrong.push(`${method} ${url}: admin got 403`);
    }
    expect(wrong).toEqual([]);
  });
});
