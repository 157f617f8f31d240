import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { staffMessages } from '#shared/staff/staff.contract.ts';
import { staffSessions } from '#server/db/schema/index.ts';
import { setStaffDisabled } from './staff-accounts.service';
import { hashSessionToken } from './staff-sessions.service';
import { createStaff, sameOrigin, setCookieOf, signInAs, whoAmI } from '#tests/helpers/staff.ts';

describe('the staff session: GET and DELETE /api/staff/session, time-outs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signedOut = { error: { code: 'UNAUTHORIZED', message: staffMessages.signInRequired } };
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  const sessionOf = (cookie: string) =>
    eq(staffSessions.tokenHash, hashSessionToken(cookie.split('=')[1] ?? ''));
  // Time-outs are tested by moving the session's instants back, not by waiting.
  const moveSession = (cookie: string, set: { lastSeenAt?: Date; expiresAt?: Date }) =>
    t.database.db.update(staffSessions).set(set).where(sessionOf(cookie));
  const storedSession = async (cookie: string) =>
    (await t.database.db.select().from(staffSessions).where(sessionOf(cookie)))[0];

  it('answers the signed-in user, and 401 without a cookie or with a made-up one', async () => {
    const staff = await createStaff(t.database.db, { displayName: 'Sam Roe' });
    const cookie = await signInAs(t.app, staff.email);
    const me = await whoAmI(t.app, cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: { email: staff.email, role: 'staff', displayName: 'Sam Roe' },
    });

    for (const res of [
      await whoAmI(t.app),
      await whoAmI(t.app, `tintbook_staff=${'A'.repeat(43)}`),
      await whoAmI(t.app, 'tintbook_staff=short'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(signedOut);
    }
  });

  it('ends after 60 minutes without a request', async () => {
    const staff = await createStaff(t.database.db);
    const cookie = await signInAs(t.app, staff.email);
    await moveSession(cookie, { lastSeenAt: minutesAgo(59) });
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(200);
    await moveSession(cookie, { lastSeenAt: minutesAgo(61) });
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(401);
    // ended for good: the row is gone
    expect(await storedSession(cookie)).toBeUndefined();
  });

  it('records activity at most once a minute', async () => {
    const staff = await createStaff(t.database.db);
    const cookie = await signInAs(t.app, staff.email);
    const recent = new Date(Date.now() - 30_000);
    await moveSession(cookie, { lastSeenAt: recent });
    await whoAmI(t.app, cookie);
    expect((await storedSession(cookie))?.lastSeenAt.getTime()).toBe(recent.getTime());

    await moveSession(cookie, { lastSeenAt: minutesAgo(5) });
    const before = Date.now();
    await whoAmI(t.app, cookie);
    expect((await storedSession(cookie))?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(
      before - 1000,
    );
  });

  it('ends 12 hours after sign-in however active', async () => {
    const staff = await createStaff(t.database.db);
    const cookie = await signInAs(t.app, staff.email);
    await moveSession(cookie, { expiresAt: new Date(Date.now() - 1000) });
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(401);
  });

  it('signs out server-side: the old cookie no longer works and is cleared', async () => {
    const staff = await createStaff(t.database.db);
    const cookie = await signInAs(t.app, staff.email);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/staff/session',
      headers: { cookie, ...sameOrigin },
    });
    expect(res.statusCode).toBe(204);
    expect(setCookieOf(res)).toMatch(/^tintbook_staff=;.*Expires=Thu, 01 Jan 1970/);
    expect(await storedSession(cookie)).toBeUndefined();
    // a copy of the cookie kept elsewhere is dead too
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(401);
  });

  it('signing out without a session is fine', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/staff/session' });
    expect(res.statusCode).toBe(204);
  });

  it('disabling an account ends its sessions at once', async () => {
    const staff = await createStaff(t.database.db);
    const cookie = await signInAs(t.app, staff.email);
    await setStaffDisabled(t.database.db, staff.email, true);
    expect((await whoAmI(t.app, cookie)).statusCode).toBe(401);
  });
});
