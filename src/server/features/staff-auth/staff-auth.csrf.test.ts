import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { staffMessages } from '#shared/staff/staff.contract.ts';
import { createStaff, postSignIn, signInAs, testPassword, whoAmI } from '#tests/helpers/staff.ts';

describe('CSRF: state-changing requests with the staff cookie must be same-origin', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAs(t.app, (await createStaff(t.database.db)).email);
  });
  afterAll(() => t.close());

  const refused = { error: { code: 'FORBIDDEN', message: staffMessages.crossOrigin } };
  // a public POST: what matters here is the hook, which runs before the route's own checks
  const postLead = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/leads', payload: {}, headers });

  it('refuses a cross-origin POST that carries the session cookie', async () => {
    const res = await postLead({ cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
  });

  it.each([
    ['Origin null (sandboxed frame)', { origin: 'null' }],
    ['another port of the same host', { origin: 'http://localhost:8080' }],
    ['no Origin and no Sec-Fetch-Site', {}],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses it with %s', async (_label, headers) => {
    expect((await postLead({ cookie, ...headers })).statusCode).toBe(403);
  });

  it.each([
    ['its own Origin', { origin: 'http://localhost' }],
    ['its own Origin with the explicit default port', { origin: 'http://localhost:80' }],
    ['no Origin and Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin and Sec-Fetch-Site: none (typed by the user)', { 'sec-fetch-site': 'none' }],
  ])('lets it through with %s', async (_label, headers) => {
    // 400: past the CSRF hook, stopped by validation of the empty body
    expect((await postLead({ cookie, ...headers })).statusCode).toBe(400);
  });

  it('leaves requests without the cookie and safe methods alone', async () => {
    expect((await postLead({ origin: 'https://evil.example' })).statusCode).toBe(400);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/staff/session',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('refuses a cross-origin sign-out, which leaves the session alive', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
  });

  it('refuses sign-in from a foreign Origin (login CSRF), allows it without one', async () => {
    const staff = await createStaff(t.database.db);
    const credentials = { email: staff.email, password: testPassword };
    const foreign = await postSignIn(t.app, credentials, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(refused);
    // scripts and curl send no Origin; without a cookie there is nothing to ride on
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session',
      payload: credentials,
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
  });
});
