import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { staffMessages } from '../../../shared/staff/staff.contract';
import { signInLimits } from './staff-auth.routes';
import {
  createStaff,
  nextClientAddress,
  postSignIn,
  testPassword,
} from '../../../../tests/helpers/staff';

// Each wrong password costs one scrypt (about half a second): a generous timeout on a busy machine.
describe('sign-in rate limits (ASVS anti-automation)', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tooMany = { error: { code: 'RATE_LIMITED', message: staffMessages.signInRateLimited } };

  it(`allows ${signInLimits.perAddress} attempts per client address per 15 minutes`, async () => {
    const remoteAddress = nextClientAddress();
    // The address limit runs before the body is read, so malformed attempts count as well
    // (and cost this test no password hashing).
    for (let attempt = 1; attempt <= signInLimits.perAddress; attempt += 1) {
      const res = await postSignIn(
        t.app,
        { email: `guess${attempt}@example.com` },
        { remoteAddress },
      );
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const staff = await createStaff(t.database.db);
    // even the right password is refused now
    const res = await postSignIn(
      t.app,
      { email: staff.email, password: testPassword },
      { remoteAddress },
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // another address is not affected
    const other = await postSignIn(t.app, { email: staff.email, password: testPassword });
    expect(other.statusCode).toBe(200);
  });

  it(`allows ${signInLimits.perAccount} attempts per account per 15 minutes, from any address`, async () => {
    const staff = await createStaff(t.database.db);
    for (let attempt = 1; attempt <= signInLimits.perAccount; attempt += 1) {
      const res = await postSignIn(t.app, {
        // the account key ignores case and spaces
        email: attempt % 2 ? staff.email.toUpperCase() : ` ${staff.email}`,
        password: 'Not-The-Password-1',
      });
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const res = await postSignIn(t.app, { email: staff.email, password: testPassword });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
    // other accounts can still sign in
    const colleague = await createStaff(t.database.db);
    const ok = await postSignIn(t.app, { email: colleague.email, password: testPassword });
    expect(ok.statusCode).toBe(200);
  });
});
