import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monday9, readyToBook, holdAndBook, at } from '#tests/helpers/booking-flows.ts';
import {
  createStaff,
  postSignIn,
  sameOrigin,
  sessionCookieOf,
  testPassword,
} from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 5: a password or secret never appears in a response or a log line. The app logs at
// trace level into memory here, and every secret this test sends is looked for in every line
// and every response body.
const fresh = (prefix: string) => `${prefix}${randomBytes(18).toString('hex')}`;
const secrets = {
  webhookSecret: fresh('whsec-'),
  twilioToken: fresh('tw-'),
  smtpPassword: fresh('smtp-'),
  trakApiKey: fresh('trak-'),
  wrongPassword: fresh('Wrong-Horse-'),
};

describe('secrets in responses and log lines', () => {
  let t: TestApp;
  const lines: string[] = [];
  const bodies: string[] = [];
  let admin = '';
  let manageToken = '';
  let feedToken = '';

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'trace', RATE_LIMIT_PUBLIC_MAX: '100000' },
      { now: () => monday9, logStream: { write: (line) => void lines.push(line) } },
    );
    const { email } = await createStaff(t.database.db, { role: 'admin' });
    const wrong = await postSignIn(t.app, { email, password: secrets.wrongPassword });
    expect(wrong.statusCode).toBe(401);
    const signedIn = await postSignIn(t.app, { email, password: testPassword });
    expect(signedIn.statusCode).toBe(200);
    admin = sessionCookieOf(signedIn);

    const save = async (url: string, payload: object, status = 200) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...sameOrigin, cookie: admin },
      });
      expect(res.statusCode, res.body).toBe(status);
      bodies.push(res.body);
    };
    await save('/api/settings/form_webhook_secret', { value: secrets.webhookSecret });
    await save('/api/settings/twilio-config', {
      accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
      fromNumber: '+61412345678',
      authToken: secrets.twilioToken,
    });
    await save('/api/admin/smtp-config', {
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      user: 'mailer',
      password: secrets.smtpPassword,
      fromAddress: 'bookings@example.com',
    });
    await save('/api/admin/trak-integration', {
      baseUrl: 'https://trak.example.com',
      apiKey: secrets.trakApiKey,
      enabled: true,
    });
    // refused input must not echo a secret either
    await save(
      '/api/settings/twilio-config',
      { accountSid: 'nope', fromNumber: '+61412345678', authToken: secrets.twilioToken },
      400,
    );
    for (const url of [
      '/api/settings/form_webhook_secret',
      '/api/settings/twilio-config',
      '/api/admin/smtp-config',
      '/api/admin/trak-integration',
      '/api/settings?category=webhook',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(res.statusCode, url).toBe(200);
      bodies.push(res.body);
    }

    // a customer's manage link carries a secret token in its path
    const { sessionId } = await readyToBook(t.app);
    ({ manageToken } = await holdAndBook(t.app, sessionId, at('2026-11-24', '10:00')));
    const managed = await t.app.inject({ method: 'GET', url: `/api/manage/${manageToken}` });
    expect(managed.statusCode).toBe(200);

    // a consultant's calendar feed carries its secret token in its path too (issue 29)
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/consultants/staff-1/feed',
      headers: { ...sameOrigin, cookie: admin },
    });
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath = new URL(feed.json().url as string).pathname;
    feedToken = /\/api\/calendar\/(.+)\.ics$/.exec(feedPath)?.[1] ?? '';
    expect((await t.app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${feedPath}x` })).statusCode).toBe(404);
  });
  afterAll(() => t.close());

  it('logged requests (the test would prove nothing if nothing was logged)', () => {
    expect(lines.some((line) => line.includes('/api/admin/smtp-config'))).toBe(true);
    expect(lines.some((line) => line.includes('/api/manage/[redacted]'))).toBe(true);
    expect(lines.some((line) => line.includes('/api/calendar/[redacted]'))).toBe(true);
  });

  it.each(Object.entries(secrets))('never logs or answers the %s', (_name, secret) => {
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    expect(bodies.filter((body) => body.includes(secret))).toEqual([]);
  });

  it('never logs the staff password, the session cookie, a manage token or a feed token', () => {
    const cookieValue = admin.split('=')[1] ?? '';
    expect(cookieValue.length).toBeGreaterThan(20);
    expect(feedToken.length).toBeGreaterThan(40);
    for (const secret of [testPassword, cookieValue, manageToken, feedToken]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
