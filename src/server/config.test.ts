import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('CLOCK_START', () => {
  it('is unset by default: the system clock', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).clockStart).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CLOCK_START: '' }).clockStart).toBeUndefined();
  });

  it('starts a test server at an instant given with its offset', () => {
    const config = loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-23T09:00:00+11:00' });
    expect(config.clockStart?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
  });

  it('is refused outside tests, with a message that says why', () => {
    for (const NODE_ENV of ['production', 'development', undefined]) {
      const load = () => loadConfig({ NODE_ENV, CLOCK_START: '2026-11-23T09:00:00+11:00' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/CLOCK_START is for tests only and needs NODE_ENV=test/);
    }
  });

  it('is refused without an offset or when it is not an instant', () => {
    for (const CLOCK_START of ['2026-11-23T09:00:00', '2026-11-23', 'next monday']) {
      expect(() => loadConfig({ NODE_ENV: 'test', CLOCK_START })).toThrow(
        /CLOCK_START: must be an ISO instant with an offset/,
      );
    }
  });
});

describe('outbound message endpoints', () => {
  it("defaults to the providers' own and no SMTP_URL", () => {
    expect(loadConfig({}).messaging).toEqual({
      smtpUrl: undefined,
      twilioApiBaseUrl: 'https://api.twilio.com',
      ga4Endpoint: 'https://www.google-analytics.com/mp/collect',
    });
  });

  it('takes local servers for tests, and SMTP_URL with its scheme', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:4010',
      GA4_MP_ENDPOINT: 'http://localhost:4011/mp/collect',
    });
    expect(config.messaging).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      twilioApiBaseUrl: 'http://127.0.0.1:4010',
      ga4Endpoint: 'http://localhost:4011/mp/collect',
    });
    expect(loadConfig({ SMTP_URL: '' }).messaging.smtpUrl).toBeUndefined();
  });

  it('refuses plain http to another host and other schemes, never echoing the value', () => {
    expect(() =>
      loadConfig({ GA4_MP_ENDPOINT: 'http://www.google-analytics.com/mp/collect' }),
    ).toThrow(/GA4_MP_ENDPOINT: must be an https:\/\/ address, or http:\/\/ to localhost/);
    expect(() => loadConfig({ TWILIO_API_BASE_URL: 'ftp://api.twilio.com' })).toThrow(
      /TWILIO_API_BASE_URL: must be an https:\/\/ address/,
    );
    const load = () => loadConfig({ SMTP_URL: 'http://user:secret-password@mail.example.com' });
    expect(load).toThrow(/SMTP_URL: must start with smtp:\/\/ or smtps:\/\//);
    expect(load).not.toThrow(/secret-password/);
  });
});
