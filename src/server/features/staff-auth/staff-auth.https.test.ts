import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { loadConfig } from '#server/config.ts';
import {
  createStaff,
  postSignIn,
  sessionCookieOf,
  setCookieOf,
  testPassword,
  whoAmI,
} from '#tests/helpers/staff.ts';

describe('behind HTTPS (PUBLIC_URL=https://…)', () => {
  let t: TestApp;
  const publicOrigin = 'https://book.example.com.au';
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: `${publicOrigin}/` });
  });
  afterAll(() => t.close());

  it('sets a Secure cookie with the __Host- prefix', async () => {
    const staff = await createStaff(t.database.db);
    const res = await postSignIn(
      t.app,
      { email: staff.email, password: testPassword },
      // the browser's Origin is the public one even though this hop is plain HTTP (a proxy)
      { headers: { origin: publicOrigin } },
    );
    expect(res.statusCode).toBe(200);
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/^__Host-tintbook_staff=[A-Za-z0-9_-]{43};/);
    for (const flag of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']) {
      expect(cookie).toContain(flag);
    }
    expect(cookie).not.toContain('Domain=');

    const session = sessionCookieOf(res);
    expect((await whoAmI(t.app, session)).statusCode).toBe(200);
    // the unprefixed name is not read: a cookie planted over plain HTTP does not count
    expect((await whoAmI(t.app, session.replace('__Host-', ''))).statusCode).toBe(401);
  });

  it('decides the cookie flags from PUBLIC_URL or COOKIE_SECURE', () => {
    const secure = (env: Record<string, string>) => loadConfig(env).staffAuth.cookieSecure;
    expect(secure({})).toBe(false);
    expect(secure({ PUBLIC_URL: 'http://localhost:3000' })).toBe(false);
    expect(secure({ PUBLIC_URL: 'https://book.example.com.au' })).toBe(true);
    expect(secure({ COOKIE_SECURE: 'true' })).toBe(true);
    expect(secure({ PUBLIC_URL: 'https://book.example.com.au', COOKIE_SECURE: 'false' })).toBe(
      false,
    );
  });
});
