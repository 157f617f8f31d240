import {
  PermanentDeliveryError,
  type Delivered,
  type DeliveryLog,
} from '#server/integrations/delivery.ts';
import { sendOutbound } from '#server/integrations/outbound-request.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { outboundUrl, sameOrigin } from '#server/integrations/outbound-url.ts';
import type { Ga4UserData } from './hashed-user-data';
import type { Ga4Event } from './lead-events';

// GA4 Measurement Protocol: POST <endpoint>?measurement_id=…&api_secret=… with a JSON body.

export interface Ga4Target {
  /** GA4_MP_ENDPOINT: Google's /mp/collect, or a local receiver in tests. */
  endpoint: string;
  measurementId: string;
  apiSecret: string;
}

export interface Ga4Body {
  /** The browser's GA client id (from the _ga cookie), so the events join its session. */
  client_id: string;
  user_id?: string;
  timestamp_micros?: number;
  /** Hashed only: build it with hashedUserData. */
  user_data?: Ga4UserData;
  consent?: { ad_user_data?: 'GRANTED' | 'DENIED'; ad_personalization?: 'GRANTED' | 'DENIED' };
  events: Ga4Event[];
}

const name = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const reservedPrefix = /^(google_|ga_|firebase_)/;

// Google answers 2xx to anything, so a malformed event would vanish without a word: refuse it
// here instead, where the Messages screen shows why.
function bodyProblem(body: Ga4Body): string | undefined {
  if (!body.client_id) return 'no client_id';
  if (body.events.length === 0 || body.events.length > 25) return 'needs 1 to 25 events';
  for (const event of body.events) {
    if (!name.test(event.name) || reservedPrefix.test(event.name)) {
      return `invalid event name ${JSON.stringify(event.name.slice(0, 50))}`;
    }
    const params = Object.entries(event.params);
    if (params.length > 25) return `${event.name} has more than 25 parameters`;
    const bad = params.find(([key]) => !name.test(key) || reservedPrefix.test(key));
    if (bad) return `${event.name} has an invalid parameter name`;
  }
  return undefined;
}

export async function sendGa4Events(
  target: Ga4Target | undefined,
  body: Ga4Body,
  log: DeliveryLog,
  { timeoutMs = 10_000, now, resolve }: { timeoutMs?: number; now?: Date; resolve?: Resolve } = {},
): Promise<Delivered> {
  // event names only: the body holds a client id and hashed contact details
  const details = { channel: 'ga4', events: body.events.map((event) => event.name) };
  if (!target) {
    log.info(details, 'GA4 events not sent: no measurement id and API secret (local mode)');
    return { provider: 'log', local: true };
  }
  const problem = bodyProblem(body);
  if (problem) throw new PermanentDeliveryError(`GA4 events refused before sending: ${problem}`);
  const endpoint = outboundUrl(target.endpoint, 'GA4 endpoint');
  const url = new URL(endpoint.href);
  url.searchParams.set('measurement_id', target.measurementId);
  url.searchParams.set('api_secret', target.apiSecret);
  sameOrigin(url, endpoint, 'GA4 endpoint');
  const answer = await sendOutbound({
    provider: 'GA4',
    method: 'POST',
    url,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    timeoutMs,
    now,
    resolve,
  });
  log.info({ ...details, status: answer.status }, 'GA4 events sent');
  return { provider: 'ga4' };
}
