import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { staffMessages } from '#shared/staff/staff.contract.ts';
import { signInLimits } from './staff-auth.routes';
import { createStaff, nextClientAddress, postSignIn, testPassword } from '#tests/helpers/staff.ts';

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

  const wrongPassword = 'Not-The-Password-1';

  it(`refuses an address after ${signInLimits.failuresPerAccountAndAddress} wrong passwords on an account, never the owner elsewhere`, async () => {
    const staff = await createStaff(t.database.db);
    const guesser = nextClientAddress();
    for (let attempt = 1; attempt <= signInLimits.failuresPerAccountAndAddress; attempt += 1) {
      const res = await postSignIn(
        t.app,
        // the account key ignores case and spaces
        {
          email: attempt % 2 ? staff.email.toUpperCase() : ` ${staff.email}`,
          password: wrongPassword,
        },
        { remoteAddress: guesser },
      );
      expect(res.statusCode, `attempt ${attempt}`).toBe(401);
    }
    // the guesser must wait, even with the right password …
    const locked = await postSignIn(
      t.app,
      { email: staff.email, password: testPassword },
      { remoteAddress: guesser },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(tooMany);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // … and the owner, at another address, signs in
    const owner = await postSignIn(t.app, { email: staff.email, password: testPassword });
    expect(owner.statusCode).toBe(200);
    // the guesser may still try other accounts (up to the per-address cap)
    const colleague = await createStaff(t.database.db);
    const other = await postSignIn(
      t.app,
      { email: colleague.email, password: testPassword },
      { remoteAddress: guesser },
    );
    expect(other.statusCode).toBe(200);
  });

  it(`an account guessed at from many addresses: each failing address gets one try, the owner still signs in`, async () => {
    const staff = await createStaff(t.database.db);
    const guessers = Array.from({ length: signInLimits.failuresPerAccount }, nextClientAddress);
    for (const remoteAddress of guessers) {
      const res = await postSignIn(
        t.app,
        { email: staff.email, password: wrongPassword },
        { remoteAddress },
      );
      expect(res.statusCode, remoteAddress).toBe(401);
    }
    // under attack: an address that has failed once waits (no scrypt spent on it) …
    const again = await postSignIn(
      t.app,
      { email: staff.email, password: wrongPassword },
      { remoteAddress: guessers[0] },
    );
    expect(again.statusCode).toBe(429);
    // … an address that has not failed is not refused: the right password works
    const owner = await postSignIn(t.app, { email: staff.email, password: testPassword });
    expect(owner.statusCode).toBe(200);
  });

  it('the right password clears the typos of its own address', async () => {
    const staff = await createStaff(t.database.db);
    const remoteAddress = nextClientAddress();
    const attempt = (password: string) =>
      postSignIn(t.app, { email: staff.email, password }, { remoteAddress });
    for (let i = 1; i < signInLimits.failuresPerAccountAndAddress; i += 1) {
      expect((await attempt(wrongPassword)).statusCode).toBe(401);
    }
    expect((await attempt(testPassword)).statusCode).toBe(200);
    // a fresh count: this typo is the first again, not the one that locks
    expect((await attempt(wrongPassword)).statusCode).toBe(401);
    expect((await attempt(testPassword)).statusCode).toBe(200);
  });
});
