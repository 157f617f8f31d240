// Test helper: a form-webhook receiver that checks each delivery as a careful integrator would:
// the signature (HMAC-SHA256 of "<t>.<body>", computed here on its own rather than with the
// app's code), the time within a tolerance, the headers; and de-duplicates by delivery key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { startHttpReceiver, waitUntil, type HttpReceiver } from './http-receiver';

export interface WebhookDelivery {
  /** X-TintBook-Delivery */
  key: string;
  body: { event: string; timestamp: string; lead: Record<string, unknown> };
  /** The unix time the signature was made at. */
  signedAt: number;
}

export interface WebhookReceiver extends HttpReceiver {
  /** Where to point the webhook setting. */
  url: string;
  /** Every accepted request, repeats of a delivery key included. */
  received: WebhookDelivery[];
  /** Requests refused, with why (bad signature, stale time, missing header, …). */
  refused: string[];
  /** The first delivery of each key. */
  deliveries(): WebhookDelivery[];
  /** How many accepted requests repeated a key already received. */
  duplicates(): number;
  /** Resolves with the unique deliveries once there are at least `count`. */
  waitFor(count: number, timeoutMs?: number): Promise<WebhookDelivery[]>;
}

export interface WebhookReceiverOptions {
  secret: string;
  path?: string;
  host?: string;
  /** The receiver's clock (a test may sign at a frozen instant). */
  now?: () => Date;
  toleranceSeconds?: number;
}

export async function startWebhookReceiver({
  secret,
  path = '/hook',
  host,
  now = () => new Date(),
  toleranceSeconds = 300,
}: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const received: WebhookDelivery[] = [];
  const refused: string[] = [];
  const refuse = (status: number, reason: string) => {
    refused.push(reason);
    return { status, body: JSON.stringify({ error: reason }) };
  };

  const http = await startHttpReceiver(
    ({ method, url, headers, body }) => {
      if (method !== 'POST' || url.pathname !== path)
        return refuse(404, `${method} ${url.pathname}`);
      if (headers['content-type'] !== 'application/json') return refuse(415, 'content-type');
      if (!headers['user-agent']?.startsWith('TintBook-Webhook/')) return refuse(400, 'user-agent');
      const key = headers['x-tintbook-delivery'];
      if (typeof key !== 'string' || !key) return refuse(400, 'no X-TintBook-Delivery');
      const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
        String(headers['x-tintbook-signature'] ?? ''),
      );
      if (!signature) return refuse(401, 'malformed X-TintBook-Signature');
      const signedAt = Number(signature[1]);
      const expected = createHmac('sha256', secret).update(`${signedAt}.${body}`).digest();
      if (!timingSafeEqual(expected, Buffer.from(signature[2] ?? '', 'hex'))) {
        return refuse(401, 'signature does not match');
      }
      if (Math.abs(now().getTime() / 1000 - signedAt) > toleranceSeconds) {
        return refuse(401, 'signature too old or from the future');
      }
      received.push({ key, body: JSON.parse(body) as WebhookDelivery['body'], signedAt });
      return {
        status: 200,
        body: '{"received":true}',
        headers: { 'content-type': 'application/json' },
      };
    },
    { host },
  );

  const deliveries = () => {
    const first = new Map<string, WebhookDelivery>();
    for (const delivery of received)
      if (!first.has(delivery.key)) first.set(delivery.key, delivery);
    return [...first.values()];
  };

  return Object.assign(http, {
    url: `${http.origin}${path}`,
    received,
    refused,
    deliveries,
    duplicates: () => received.length - deliveries().length,
    waitFor: (count: number, timeoutMs = 5000) =>
      waitUntil(
        () => (deliveries().length >= count ? deliveries() : undefined),
        timeoutMs,
        () =>
          `${count} webhook deliveries (have ${deliveries().length}; refused: ${refused.join('; ') || 'none'})`,
      ),
  });
}
