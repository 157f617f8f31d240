import {
  PermanentDeliveryError,
  type Delivered,
  type DeliveryLog,
} from '#server/integrations/delivery.ts';
import { sendOutbound } from '#server/integrations/outbound-request.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { outboundUrl } from '#server/integrations/outbound-url.ts';
import { signatureHeader, signWebhook } from './webhook-signature';

// The form-completion webhook (spec §7): a signed JSON POST; the receiver's 2xx within 10 s
// counts as delivered.

export interface WebhookTarget {
  url: string;
  secret: string | undefined;
}

export interface WebhookPayload {
  event: 'form_completion' | 'test';
  /** ISO instant of the form completion (or of the test). */
  timestamp: string;
  lead: object;
}

export interface WebhookOptions {
  /** The same on every attempt of one message, so the receiver can drop a repeat. */
  idempotencyKey: string;
  now: Date;
  timeoutMs?: number;
  /** Name resolution for the address check (tests); the system's by default. */
  resolve?: Resolve | undefined;
}

export const webhookUserAgent = 'TintBook-Webhook/1';
export const deliveryHeader = 'X-TintBook-Delivery';

/**
 * Resolves once the receiver answered 2xx; throws TransientDeliveryError (network, time-out,
 * 429, 5xx) or PermanentDeliveryError (other 4xx, redirects, a refused address, no secret).
 * Without a URL it only logs (local mode). Logs never hold the secret or the lead.
 */
export async function sendWebhook(
  target: WebhookTarget | undefined,
  payload: WebhookPayload,
  { idempotencyKey, now, timeoutMs = 10_000, resolve }: WebhookOptions,
  log: DeliveryLog,
): Promise<Delivered> {
  const details = { channel: 'webhook', event: payload.event, deliveryKey: idempotencyKey };
  if (!target?.url) {
    log.info(details, 'Webhook not sent: no webhook address is configured (local mode)');
    return { provider: 'log', local: true };
  }
  const url = outboundUrl(target.url, 'Webhook');
  // Unsigned, a delivery of personal data cannot be told from a forgery, and receivers that
  // check the signature would refuse it anyway: better a clear failure on the Messages screen.
  if (!target.secret) throw new PermanentDeliveryError('No webhook secret is configured');
  const body = JSON.stringify(payload);
  const answer = await sendOutbound({
    provider: 'Webhook receiver',
    method: 'POST',
    url,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': webhookUserAgent,
      [signatureHeader]: signWebhook(target.secret, body, Math.floor(now.getTime() / 1000)),
      [deliveryHeader]: idempotencyKey,
    },
    body,
    timeoutMs,
    now,
    resolve,
  });
  log.info({ ...details, status: answer.status }, 'Webhook delivered');
  return { provider: 'webhook' };
}
