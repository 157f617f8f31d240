import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhook-signature';

const secret = 'whsec_0123456789abcdef';
const body = '{"event":"test","timestamp":"2023-11-14T22:13:20.000Z","lead":{}}';
const t = 1_700_000_000;

describe('webhook signature', () => {
  it('matches a vector computed with openssl', () => {
    // printf '%s' "1700000000.$body" | openssl dgst -sha256 -hmac whsec_0123456789abcdef
    expect(signWebhook(secret, body, t)).toBe(
      't=1700000000,v1=2d601ba2253469ed6d0ee8fdbfdf841f36203571492462c70b8a86de0580c666',
    );
  });

  it('verifies its own signature, and nothing changed', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, body, header, t)).toBe(true);
    expect(verifyWebhookSignature(secret, `${body} `, header, t)).toBe(false);
    expect(verifyWebhookSignature('another-secret-0123', body, header, t)).toBe(false);
    const otherTime = header.replace('t=1700000000', 't=1700000001');
    expect(verifyWebhookSignature(secret, body, otherTime, t)).toBe(false);
  });

  it('accepts the time within the tolerance only (5 minutes unless told)', () => {
    const header = signWebhook(secret, body, t);
    expect(verifyWebhookSignature(secret, body, header, t + 300)).toBe(true);
    expect(verifyWebhookSignature(secret, body, header, t - 300)).toBe(true);
    expect(verifyWebhookSignature(secret, body, header, t + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, t - 301)).toBe(false);
    expect(verifyWebhookSignature(secret, body, header, t + 3600, 3600)).toBe(true);
  });

  it('accepts any of several v1 (a secret being rotated)', () => {
    const old = signWebhook('old-secret-0123456789', body, t).split(',')[1];
    const header = `${signWebhook(secret, body, t)},${old}`;
    expect(verifyWebhookSignature(secret, body, header, t)).toBe(true);
    expect(verifyWebhookSignature('old-secret-0123456789', body, header, t)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'v1=2d601ba2253469ed6d0ee8fdbfdf841f36203571492462c70b8a86de0580c666',
    't=1700000000',
    't=1700000000,v1=abc',
    't=1700000000,t=1700000000,v1=2d601ba2253469ed6d0ee8fdbfdf841f36203571492462c70b8a86de0580c666',
    't=abc,v1=2d601ba2253469ed6d0ee8fdbfdf841f36203571492462c70b8a86de0580c666',
  ])('refuses the malformed header %j', (header) => {
    expect(verifyWebhookSignature(secret, body, header, t)).toBe(false);
  });
});
