import {
  PermanentDeliveryError,
  TransientDeliveryError,
  type Delivered,
  type DeliveryLog,
} from '#server/integrations/delivery.ts';
import { outboundUrl, withPath } from '#server/integrations/outbound-url.ts';

// Twilio's Messages resource over plain fetch: one form-encoded POST, so the SDK (and its
// dependency tree) is not needed. The base URL is configurable so tests talk to a local server.

export const twilioDefaultBaseUrl = 'https://api.twilio.com';

export interface TwilioTarget {
  /** TWILIO_API_BASE_URL, default https://api.twilio.com. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number, E.164. */
  from: string;
}

export interface Sms {
  /** E.164, e.g. +61412345678. */
  to: string;
  body: string;
  /** The same for every attempt of one message, so Twilio sends a retried request once. */
  idempotencyKey: string;
  /** Where Twilio reports delivered/failed for this message. */
  statusCallbackUrl?: string | undefined;
}

/** How long Twilio has to answer before the attempt counts as failed (and is retried). */
export const twilioTimeoutMs = 10_000;

/** Retry-After in seconds (the form Twilio sends); an HTTP date or nonsense is ignored. */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

async function twilioError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const { code, message } = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof message === 'string') {
      return `Twilio ${response.status}${code ? ` (${String(code)})` : ''}: ${message}`;
    }
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  return `Twilio ${response.status}`;
}

async function post(target: TwilioTarget, sms: Sms, timeoutMs: number): Promise<Response> {
  const form = new URLSearchParams({ To: sms.to, From: target.from, Body: sms.body });
  if (sms.statusCallbackUrl) form.set('StatusCallback', sms.statusCallbackUrl);
  const sid = encodeURIComponent(target.accountSid);
  const credentials = Buffer.from(`${target.accountSid}:${target.authToken}`).toString('base64');
  const url = withPath(
    outboundUrl(target.baseUrl, 'Twilio'),
    `/2010-04-01/Accounts/${sid}/Messages.json`,
    'Twilio',
  );
  try {
    return await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${credentials}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'i-twilio-idempotency-token': sms.idempotencyKey,
      },
      body: form,
      // a redirect would carry the credentials somewhere we did not choose
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // refused, reset, DNS, TLS or our own timeout: Twilio may well answer later
    const reason = error instanceof Error ? (error.cause ?? error) : error;
    throw new TransientDeliveryError(`Twilio unreachable: ${String(reason)}`);
  }
}

/**
 * Sends one text message, or logs it when Twilio is not configured (local mode). Resolves when
 * Twilio queued it; throws TransientDeliveryError (429, 5xx, network) or PermanentDeliveryError.
 */
export async function sendSms(
  target: TwilioTarget | undefined,
  sms: Sms,
  log: DeliveryLog,
  { timeoutMs = twilioTimeoutMs }: { timeoutMs?: number } = {},
): Promise<Delivered> {
  if (!target) {
    // never the body: it can carry a manage link
    log.info({ to: sms.to, length: sms.body.length }, 'text message (local mode, not sent)');
    return { provider: 'log', local: true };
  }
  const response = await post(target, sms, timeoutMs);
  if (response.status === 201 || response.status === 200) {
    const { sid } = (await response.json().catch(() => ({}))) as { sid?: unknown };
    return { provider: 'twilio', providerMessageId: typeof sid === 'string' ? sid : undefined };
  }
  const message = await twilioError(response);
  if (response.status === 429 || response.status >= 500) {
    throw new TransientDeliveryError(
      message,
      retryAfterSeconds(response.headers.get('retry-after')),
    );
  }
  // 4xx: an invalid or unsubscribed number (21211, 21610), bad credentials, a wrong SID; and a
  // redirect, which we never follow
  throw new PermanentDeliveryError(message);
}
