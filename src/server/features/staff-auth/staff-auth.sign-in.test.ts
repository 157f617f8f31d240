import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { staffMessages } from '#shared/staff/staff.contract.ts';
import { staffSessions, staffUsers } from '#server/db/schema/index.ts';
import { hashForUnknownAccounts } from './password-hash';
import { hashSessionToken } from './staff-sessions.service';
import {
  createStaff,
  postSignIn,
  sessionCookieOf,
  setCookieOf,
  signInAs,
  testPassword,
  whoAmI,
} from '#tests/helpers/staff.ts';

describe('POST /api/staff/session (sign in)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const incorrect = {
    error: { code: 'INVALID_CREDENTIALS', message: staffMessages.incorrectPassword },
  };

  it('signs in with e-mail in any case and sets a strict HttpOnly session cookie', async () => {
    const staff = await createStaff(t.database.db, { role: 'admin', displayName: 'Pat Lee' });
    const res = await postSignIn(t.app, {
      email: ` ${staff.email.toUpperCase()} `,
      password: testPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { email: staff.email, role: 'admin', displayName: 'Pat Lee' },
    });
    const cookie = setCookieOf(res);
    expect(cookie).toMatch(/^tintbook_staff=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    // plain HTTP (no PUBLIC_URL): a Secure cookie would never come back
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('__Host-');

    const [user] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
    expect(user?.lastLoginAt).toBeInstanceOf(Date);
  });

  it('stores only the sha256 of the token, with a 12-hour absolute expiry', async () => {
    const staff = await createStaff(t.database.db);
    const cookie = await signInAs(t.app, staff.email);
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, staff.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashSessionToken(token));
    expect(rows[0]?.tokenHash).not.toContain(token);
    const lifetime = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(12 * 60 * 60_000);
  });

  it("answers 'Incorrect password' for a wrong password", async () => {
    const staff = await createStaff(t.database.db);
    const res = await postSignIn(t.app, { email: staff.email, password: 'Not-The-Password-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(incorrect);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers exactly the same for an unknown e-mail, after the same hashing work', async () => {
    const known = await createStaff(t.database.db);
    const attempt = (email: string) => postSignIn(t.app, { email, password: 'Not-The-Password-1' });
    const unknown = await attempt('nobody@example.com');
    const wrong = await attempt(known.email);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    // An unknown e-mail is checked against a stand-in hash made at the cost accounts get, so it
    // pays for the same scrypt work. Not timed: at a test run's cheap cost (ADR 039) a timer
    // measured the machine's load, not the hashing.
    const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');
    expect(costOf(await hashForUnknownAccounts())).toBe(costOf(known.passwordHash));
  });

  it('refuses a disabled account even with the right password', async () => {
    const staff = await createStaff(t.database.db, { disabled: true });
    const res = await postSignIn(t.app, { email: staff.email, password: testPassword });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(incorrect);
  });

  it('gives a new token on every sign-in and ends the browser’s previous session', async () => {
    const staff = await createStaff(t.database.db);
    const first = await signInAs(t.app, staff.email);
    const again = await postSignIn(
      t.app,
      { email: staff.email, password: testPassword },
      { headers: { cookie: first } },
    );
    expect(again.statusCode).toBe(200);
    const second = sessionCookieOf(again);
    expect(second).not.toBe(first);
    expect((await whoAmI(t.app, first)).statusCode).toBe(401);
    expect((await whoAmI(t.app, second)).statusCode).toBe(200);
  });

  it('asks for the e-mail and password with field messages', async () => {
    const res = await postSignIn(t.app, { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: staffMessages.emailInvalid,
      password: staffMessages.passwordRequired,
    });
  });

  it('never sends the password hash in any answer', async () => {
    const staff = await createStaff(t.database.db, { role: 'admin' });
    const signIn = await postSignIn(t.app, { email: staff.email, password: testPassword });
    const me = await whoAmI(t.app, sessionCookieOf(signIn));
    for (const res of [signIn, me]) {
      expect(res.body).not.toContain(staff.passwordHash);
      expect(res.body).not.toContain('scrypt$');
      expect(Object.keys(res.json().user).sort()).toEqual(['displayName', 'email', 'role']);
    }
  });
});
