import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { nextClientAddress, postSignIn } from '#tests/helpers/staff.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { signInLimits } from '#server/features/staff-auth/staff-auth.routes.ts';

// Issue 16 item 5: with TRUST_PROXY=true any client could write its own X-Forwarded-For and get
// a fresh budget from every per-address limit with every request.

const publicMax = 3;
const proxy = '10.1.2.3';
const secondProxy = '10.1.2.4';
let spoofCounter = 0;
/** A different made-up address each time: what a client adds to dodge a per-address limit. */
const spoofed = () => `198.18.${Math.floor(++spoofCounter / 250)}.${spoofCounter % 250}`;

/** A public write (a malformed one: the limit counts before the body is read). */
function publicWrite(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/sessions/not-a-session/link-customer',
    payload: {},
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

async function statusesOf(requests: (() => Promise<{ statusCode: number }>)[]) {
  const statuses: number[] = [];
  for (const request of requests) statuses.push((await request()).statusCode);
  return statuses;
}
const allowedThenRefused = [...Array<number>(publicMax).fill(400), 429];

describe('TRUST_PROXY values', () => {
  const trust = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).trustProxy;

  it('takes a hop count, a list of addresses and CIDRs, or nothing', () => {
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toEqual({ hops: 2 });
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual({
      proxies: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses true, which trusted any client, pointing to the forms that work', () => {
    expect(() => trust('true')).toThrow(ConfigError);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: true would trust .*TRUST_PROXY=1/);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'example.com', '11'])(
    'refuses %j with a message naming it',
    (value) => {
      expect(() => trust(value)).toThrow(/TRUST_PROXY: /);
    },
  );
});

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PUBLIC_MAX: String(publicMax) });
  });
  afterAll(() => t.close());

  it('counts the address the proxy saw, whatever the client adds before it', async () => {
    const client = nextClientAddress();
    const statuses = await statusesOf(
      allowedThenRefused.map(() => () => publicWrite(t, proxy, `${spoofed()}, ${client}`)),
    );
    expect(statuses).toEqual(allowedThenRefused);
    // another client behind the same proxy has a budget of its own
    expect((await publicWrite(t, proxy, `${spoofed()}, ${nextClientAddress()}`)).statusCode).toBe(
      400,
    );
  });

  it('limits sign-in attempts per client address behind the proxy', async () => {
    const client = nextClientAddress();
    for (let attempt = 1; attempt <= signInLimits.perAddress; attempt += 1) {
      const res = await postSignIn(
        t.app,
        { email: `guess${attempt}@example.com` },
        { remoteAddress: proxy, headers: { 'x-forwarded-for': `${spoofed()}, ${client}` } },
      );
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const res = await postSignIn(
      t.app,
      { email: 'guess@example.com' },
      { remoteAddress: proxy, headers: { 'x-forwarded-for': `${spoofed()}, ${client}` } },
    );
    expect(res.statusCode).toBe(429);
  });

  it('never takes a client that reaches the app directly (public address) for the proxy', async () => {
    const direct = '203.0.113.7';
    const statuses = await statusesOf(
      allowedThenRefused.map(() => () => publicWrite(t, direct, spoofed())),
    );
    expect(statuses).toEqual(allowedThenRefused);
  });
});

describe('TRUST_PROXY=<CIDR list>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: '10.1.2.0/24,192.0.2.1',
      RATE_LIMIT_PUBLIC_MAX: String(publicMax),
    });
  });
  afterAll(() => t.close());

  it('trusts the listed proxies: one client is one budget through any of them', async () => {
    const client = nextClientAddress();
    const via = [proxy, secondProxy, '192.0.2.1', proxy];
    const statuses = await statusesOf(
      via.map((remoteAddress) => () => publicWrite(t, remoteAddress, `${spoofed()}, ${client}`)),
    );
    expect(statuses).toEqual(allowedThenRefused);
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    const stranger = '10.9.9.9';
    const statuses = await statusesOf(
      allowedThenRefused.map(() => () => publicWrite(t, stranger, spoofed())),
    );
    expect(statuses).toEqual(allowedThenRefused);
  });
});
