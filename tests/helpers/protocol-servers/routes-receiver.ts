// Test helper: the part of Google's Routes API the drive times use (POST
// /distanceMatrix/v2:computeRouteMatrix), checked as Google checks it: the key in X-Goog-Api-Key,
// a response field mask in X-Goog-FieldMask, a JSON body of origins and destinations as waypoints
// with latLng locations, at most 625 elements. It answers a JSON array of elements, one per
// origin × destination, as the REST API does; an index of 0 is left out, as proto3's JSON allows
// (the v2 protos once declared the indexes without presence, and Google then omitted zeros).
import { startHttpReceiver, type HttpReceiver } from './http-receiver';

export interface LatLng {
  lat: number;
  lng: number;
}

/** One computeRouteMatrix call as received. */
export interface MatrixCall {
  origins: LatLng[];
  destinations: LatLng[];
  travelMode: unknown;
  routingPreference: unknown;
  fieldMask: string;
}

/** Seconds of driving, or null for no route. */
export type Durations = (from: LatLng, to: LatLng) => number | null;

export interface RoutesReceiver extends HttpReceiver {
  /** What GOOGLE_ROUTES_BASE_URL is set to. */
  baseUrl: string;
  apiKey: string;
  /** Calls accepted, in order. */
  calls: MatrixCall[];
  /** Requests refused by the protocol checks, with why. */
  refused: string[];
  /** The drives it answers from now on. */
  setDurations(durations: Durations): void;
}

const path = '/distanceMatrix/v2:computeRouteMatrix';
const json = { 'content-type': 'application/json; charset=UTF-8' };

const googleError = (status: number, code: string, message: string) =>
  JSON.stringify({ error: { code: status, message, status: code } });

/** A waypoint's location, or undefined when it is not one Google would take. */
function latLngOf(entry: unknown): LatLng | undefined {
  const latLng = (entry as { waypoint?: { location?: { latLng?: Record<string, unknown> } } })
    ?.waypoint?.location?.latLng;
  const [lat, lng] = [latLng?.latitude, latLng?.longitude];
  if (typeof lat !== 'number' || typeof lng !== 'number') return undefined;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined;
  return { lat, lng };
}

export async function startRoutesReceiver({
  apiKey = 'test-routes-key',
  durations = () => 3600,
}: { apiKey?: string; durations?: Durations } = {}): Promise<RoutesReceiver> {
  const calls: MatrixCall[] = [];
  const refused: string[] = [];
  let answer = durations;
  const refuse = (status: number, code: string, message: string) => {
    refused.push(message);
    return { status, headers: json, body: googleError(status, code, message) };
  };

  const http = await startHttpReceiver(({ method, url, headers, body }) => {
    if (method !== 'POST' || url.pathname !== path) {
      return refuse(404, 'NOT_FOUND', `${method} ${url.pathname}`);
    }
    if (headers['x-goog-api-key'] !== apiKey) {
      return refuse(403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
    }
    const fieldMask = headers['x-goog-fieldmask'];
    if (typeof fieldMask !== 'string' || !fieldMask) {
      return refuse(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    }
    if (!headers['content-type']?.startsWith('application/json')) {
      return refuse(400, 'INVALID_ARGUMENT', `content-type ${headers['content-type']}`);
    }
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refuse(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const list = (value: unknown) => (Array.isArray(value) ? value.map(latLngOf) : []);
    const [origins, destinations] = [list(request.origins), list(request.destinations)];
    if (!origins.length || !destinations.length) {
      return refuse(400, 'INVALID_ARGUMENT', 'Origins and destinations are required.');
    }
    if ([...origins, ...destinations].some((p) => !p)) {
      return refuse(400, 'INVALID_ARGUMENT', 'A waypoint has no valid location.latLng.');
    }
    if (origins.length * destinations.length > 625) {
      return refuse(400, 'INVALID_ARGUMENT', 'More than 625 elements.');
    }
    const call: MatrixCall = {
      origins: origins as LatLng[],
      destinations: destinations as LatLng[],
      travelMode: request.travelMode,
      routingPreference: request.routingPreference,
      fieldMask,
    };
    calls.push(call);
    const elements = call.origins.flatMap((from, originIndex) =>
      call.destinations.map((to, destinationIndex) => {
        const seconds = answer(from, to);
        return {
          ...(originIndex > 0 && { originIndex }),
          ...(destinationIndex > 0 && { destinationIndex }),
          status: {},
          ...(seconds === null
            ? { condition: 'ROUTE_NOT_FOUND' }
            : { duration: `${seconds}s`, condition: 'ROUTE_EXISTS' }),
        };
      }),
    );
    return { status: 200, headers: json, body: JSON.stringify(elements) };
  });

  return Object.assign(http, {
    baseUrl: http.origin,
    apiKey,
    calls,
    refused,
    setDurations(next: Durations) {
      answer = next;
    },
  });
}
