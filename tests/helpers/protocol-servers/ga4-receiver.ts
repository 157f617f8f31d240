// Test helper: GA4's Measurement Protocol, with its validation server's checks written out here
// (the real /mp/collect answers 2xx to anything, so a test against it would prove nothing).
// POST /debug/mp/collect answers { validationMessages } as Google's validation server does;
// POST /mp/collect records a valid hit (204) and, stricter than Google, answers an invalid one
// 400 with the same messages, so a malformed event fails the test that sent it. It also refuses
// anything that looks like a clear e-mail address or phone number: personal data reaches GA4
// hashed or not at all.
import { startHttpReceiver, waitUntil, type HttpReceiver } from './http-receiver';
import { validateGa4Body, type Ga4Hit, type ValidationMessage } from './ga4-validation';

export type { Ga4Hit, ValidationMessage };

export interface Ga4Receiver extends HttpReceiver {
  /** Where GA4_MP_ENDPOINT points. */
  endpoint: string;
  debugEndpoint: string;
  hits: Ga4Hit[];
  invalid: { body: string; validationMessages: ValidationMessage[] }[];
  /** Requests refused before validation (wrong path, measurement id or API secret). */
  refused: string[];
  waitFor(count: number, timeoutMs?: number): Promise<Ga4Hit[]>;
}

export async function startGa4Receiver({
  measurementId,
  apiSecret,
  port,
}: {
  measurementId: string;
  apiSecret: string;
  /** Default: any free port. */
  port?: number;
}): Promise<Ga4Receiver> {
  const hits: Ga4Hit[] = [];
  const invalid: Ga4Receiver['invalid'] = [];
  const refused: string[] = [];
  const json = (status: number, value: unknown) => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });

  const http = await startHttpReceiver(
    ({ method, url, body }) => {
      const debug = url.pathname === '/debug/mp/collect';
      if (method !== 'POST' || (!debug && url.pathname !== '/mp/collect')) {
        refused.push(`${method} ${url.pathname}`);
        return { status: 404 };
      }
      if (
        url.searchParams.get('measurement_id') !== measurementId ||
        url.searchParams.get('api_secret') !== apiSecret
      ) {
        refused.push('wrong measurement_id or api_secret');
        return { status: 403 };
      }
      const validationMessages = validateGa4Body(body);
      if (debug) return json(200, { validationMessages });
      if (validationMessages.length > 0) {
        invalid.push({ body, validationMessages });
        return json(400, { validationMessages });
      }
      hits.push(JSON.parse(body) as Ga4Hit);
      return { status: 204 };
    },
    { port },
  );

  return Object.assign(http, {
    endpoint: `${http.origin}/mp/collect`,
    debugEndpoint: `${http.origin}/debug/mp/collect`,
    hits,
    invalid,
    refused,
    waitFor: (count: number, timeoutMs = 5000) =>
      waitUntil(
        () => (hits.length >= count ? hits : undefined),
        timeoutMs,
        () =>
          `${count} GA4 hits (have ${hits.length}, ${invalid.length} invalid, ${refused.length} refused)`,
      ),
  });
}
