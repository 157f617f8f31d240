import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 16 item 7: HSTS follows the address browsers use (PUBLIC_URL), not NODE_ENV. Behind a
// proxy that ends TLS the app itself speaks plain HTTP, and the header must still be sent.

describe('Strict-Transport-Security', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function hstsWith(env: Record<string, string>) {
    t = await createTestApp(env);
    const headers = [
      (await t.app.inject({ method: 'GET', url: '/health' })).headers,
      (await t.app.inject({ method: 'GET', url: '/api/settings' })).headers,
    ];
    return headers.map((h) => h['strict-transport-security']);
  }

  it('is sent on every answer when PUBLIC_URL is https://, whatever NODE_ENV', async () => {
    for (const NODE_ENV of ['test', 'development']) {
      expect(await hstsWith({ NODE_ENV, PUBLIC_URL: 'https://book.example.com.au' })).toEqual([
        'max-age=31536000; includeSubDomains',
        'max-age=31536000; includeSubDomains',
      ]);
      await t?.close();
      t = undefined;
    }
  });

  it('is never sent when browsers use plain http, in production too', async () => {
    expect(
      await hstsWith({ NODE_ENV: 'production', PUBLIC_URL: 'http://tintbook.internal:3000' }),
    ).toEqual([undefined, undefined]);
  });

  it('is not sent when the public address is unknown', async () => {
    expect(await hstsWith({ NODE_ENV: 'production' })).toEqual([undefined, undefined]);
  });
});
