import { createHmac, timingSafeEqual } from 'node:crypto';

// Twilio signs each webhook (X-Twilio-Signature): HMAC-SHA1 keyed with the auth token over the
// full URL it called followed by every POST parameter's name and value, sorted by name, base64.

export function twilioSignature(
  authToken: string,
  fullUrl: string,
  formParams: Record<string, string>,
): string {
  const signed = Object.keys(formParams)
    .sort()
    .reduce((data, name) => data + name + formParams[name], fullUrl);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * The URL as Twilio may have signed it: with and without the scheme's default port, which
 * proxies add or drop (Twilio's own SDK checks both).
 */
function urlVariants(fullUrl: string): string[] {
  const authority = /^(https?:\/\/(?:\[[^\]]*\]|[^/?#:]+))(:\d+)?/i.exec(fullUrl);
  if (!authority) return [fullUrl];
  const [whole, origin, port] = authority as unknown as [string, string, string | undefined];
  const rest = fullUrl.slice(whole.length);
  const defaultPort = /^https:/i.test(fullUrl) ? ':443' : ':80';
  if (!port) return [fullUrl, `${origin}${defaultPort}${rest}`];
  return port === defaultPort ? [fullUrl, `${origin}${rest}`] : [fullUrl];
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when `signatureHeader` is Twilio's signature of this request (compared in constant time). */
export function verifyTwilioSignature(
  authToken: string,
  fullUrl: string,
  formParams: Record<string, string>,
  signatureHeader: string | undefined,
): boolean {
  if (!authToken || !signatureHeader) return false;
  return urlVariants(fullUrl).some((url) =>
    sameText(twilioSignature(authToken, url, formParams), signatureHeader),
  );
}
