import type { LatLng } from '#shared/pricing/travel.ts';
import { sendOutbound } from '#server/integrations/outbound-request.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { outboundUrl, withPath } from '#server/integrations/outbound-url.ts';
import {
  matrixWaypoint,
  routeMatrixFieldMask,
  routeMatrixResponseSchema,
} from './google-route-matrix-schema';
import { MapsProviderError } from './maps-provider';

/** Google refuses a call of more elements (origins × destinations) without traffic. */
export const maxMatrixElements = 625;

/** The drive from origins[originIndex] to destinations[destinationIndex]; null: Google knows no route. */
export interface MatrixAnswer {
  originIndex: number;
  destinationIndex: number;
  seconds: number | null;
}

/** One call: every origin to every destination; throws MapsProviderError when Google cannot answer. */
export type RouteMatrix = (
  origins: readonly LatLng[],
  destinations: readonly LatLng[],
) => Promise<MatrixAnswer[]>;

export interface RouteMatrixOptions {
  apiKey: string;
  /** https://routes.googleapis.com in production; a local server speaking the protocol in tests. */
  baseUrl: string;
  /** A customer waits for it (onsite times): short, and the estimator stands in when it passes. */
  timeoutMs?: number;
  /** 625 elements take about 60 KB; anything much larger is not an answer to our question. */
  maxBytes?: number;
  resolve?: Resolve;
}

const path = '/distanceMatrix/v2:computeRouteMatrix';
const provider = 'Google Routes';

/**
 * Google's Routes API computeRouteMatrix, called from the server (the key never reaches a
 * browser), driving without traffic (the Essentials price; the calendar plans days ahead, not the
 * traffic of now). Through sendOutbound: a time-out, a bounded answer, the address check of ADR 045.
 */
export function createGoogleRouteMatrix({
  apiKey,
  baseUrl,
  timeoutMs = 3000,
  maxBytes = 512 * 1024,
  resolve,
}: RouteMatrixOptions): RouteMatrix {
  return async (origins, destinations) => {
    if (!origins.length || !destinations.length) return [];
    if (origins.length * destinations.length > maxMatrixElements) {
      throw new MapsProviderError(`${provider}: more than ${maxMatrixElements} elements asked`);
    }
    let text: string;
    try {
      const url = withPath(outboundUrl(baseUrl, `${provider} base URL`), path, provider);
      const answer = await sendOutbound({
        provider,
        method: 'POST',
        url,
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': apiKey,
          'X-Goog-FieldMask': routeMatrixFieldMask,
        },
        body: JSON.stringify({
          origins: origins.map(matrixWaypoint),
          destinations: destinations.map(matrixWaypoint),
          travelMode: 'DRIVE',
          routingPreference: 'TRAFFIC_UNAWARE',
        }),
        timeoutMs,
        readBytes: maxBytes,
        resolve,
      });
      text = answer.body;
    } catch (err) {
      // sendOutbound's messages name the failure (HTTP status, time-out), never the URL or key
      throw new MapsProviderError(`${provider}: ${(err as Error).message}`, { cause: err });
    }
    const parsed = routeMatrixResponseSchema.safeParse(parseJson(text));
    if (!parsed.success) throw new MapsProviderError(`${provider} answered an unexpected shape`);
    return (
      parsed.data
        // an element with an error status is left unanswered (the estimator; asked again later)
        .filter((e) => e.status.code === 0)
        .filter((e) => e.originIndex < origins.length && e.destinationIndex < destinations.length)
        .map((e) => ({
          originIndex: e.originIndex,
          destinationIndex: e.destinationIndex,
          seconds: e.condition === 'ROUTE_EXISTS' && e.duration !== undefined ? e.duration : null,
        }))
    );
  };
}

/** Not JSON (an HTML error page, an answer cut at maxBytes) is no answer. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
