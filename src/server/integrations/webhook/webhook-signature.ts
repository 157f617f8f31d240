import { createHmac, timingSafeEqual } from 'node:crypto';

// X-TintBook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"> (ARCHITECTURE.md).
// The time is signed with the body so a captured delivery cannot be replayed later; receivers
// check it against their clock within a tolerance.

export const signatureHeader = 'X-TintBook-Signature';

function hmacHex(secret: string, unixSeconds: number, body: string): string {
  return createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
}

export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmacHex(secret, unixSeconds, body)}`;
}

/**
 * For receivers (and the tests): true when one v1 of the header is the body's HMAC under the
 * secret and t is within toleranceSeconds of nowUnix. Several v1 are accepted so a sender can
 * sign with an old and a new secret while they are being rotated.
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowUnix: number,
  toleranceSeconds = 300,
): boolean {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const times = parts.filter(([name]) => name === 't').map(([, value]) => value ?? '');
  if (times.length !== 1 || !/^\d{1,12}$/.test(times[0] ?? '')) return false;
  const t = Number(times[0]);
  if (Math.abs(nowUnix - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, t, body), 'hex');
  // every candidate is compared, so the time taken says nothing about which one matched
  let matched = false;
  for (const [name, value] of parts) {
    if (name !== 'v1' || !/^[0-9a-f]{64}$/.test(value ?? '')) continue;
    if (timingSafeEqual(expected, Buffer.from(value ?? '', 'hex'))) matched = true;
  }
  return matched;
}
