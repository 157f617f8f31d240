import type { FastifyBaseLogger } from 'fastify';
import { driveMinutes, roundUpDriveMinutes, type LatLng } from '#shared/pricing/travel.ts';
import { ExpiringCache } from '#server/lib/expiring-cache.ts';
import { maxMatrixElements, type RouteMatrix } from './google-route-matrix';

// ARCHITECTURE.md "Travel": drive time comes from the estimator the estimate uses, or from
// Google's route matrix when GOOGLE_MAPS_API_KEY is set. Scheduling (consultantDays) is pure and
// synchronous, so a request first resolves the pairs of places it needs here, then schedules with
// a drive function that only reads what was resolved.

/** One-way drive in whole minutes, rounded up to 15 (as the estimator's). */
export type DriveMinutes = (from: LatLng, to: LatLng) => number;

export interface ResolvedDrives {
  drive: DriveMinutes;
  /** Google could not answer (the estimator stood in): an answer made with it is kept briefly. */
  degraded: boolean;
}

export interface DriveTimes {
  /** Callers skip gathering places for the estimator: nothing to resolve. */
  readonly source: 'estimator' | 'google';
  /** The drives from `visit` to each place and back (an onsite visit among commitments). */
  around(visit: LatLng, places: readonly LatLng[]): Promise<ResolvedDrives>;
  /** The drives of these pairs, each one way, the first ones first when they are many. */
  between(pairs: readonly (readonly [LatLng, LatLng])[]): Promise<ResolvedDrives>;
}

const estimated: ResolvedDrives = { drive: driveMinutes, degraded: false };

/** Local mode: the estimator (haversine × 1.3 at 50 km/h, rounded up to 15 minutes). */
export const estimatorDriveTimes: DriveTimes = {
  source: 'estimator',
  around: () => Promise.resolve(estimated),
  between: () => Promise.resolve(estimated),
};

const dayMs = 24 * 60 * 60_000;
/** After a failure the estimator answers alone this long: no customer waits out a time-out each. */
const pauseAfterFailureMs = 60_000;

// ~11 m: the same house whichever suggestion gave it, and one cache entry per pair of places
const rounded = ({ lat, lng }: LatLng): LatLng => ({
  lat: Math.round(lat * 1e4) / 1e4,
  lng: Math.round(lng * 1e4) / 1e4,
});
const placeKey = (p: LatLng) => {
  const r = rounded(p);
  return `${r.lat},${r.lng}`;
};
const pairKey = (from: LatLng, to: LatLng) => `${placeKey(from)}>${placeKey(to)}`;

export interface GoogleDriveTimesOptions {
  matrix: RouteMatrix;
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'> | undefined;
  /** Minutes by pair (null: Google knows no route), kept a day. */
  cache?: ExpiringCache<number | null>;
  clock?: () => number;
}

/**
 * Google's route matrix with answers cached per pair of places for a day; any pair it does not
 * answer (a failure, no route, beyond a call's 625 elements) is the estimator's. A failure logs one
 * warning until Google answers again, and never throws.
 */
export function createGoogleDriveTimes({
  matrix,
  log,
  cache = new ExpiringCache<number | null>({ maxEntries: 50_000, ttlMs: dayMs }),
  clock = Date.now,
}: GoogleDriveTimesOptions): DriveTimes {
  let pausedUntil = 0;
  let failing = false;

  /** Whether Google answered (each answer cached and put in `known`). */
  async function ask(origins: LatLng[], destinations: LatLng[], known: Map<string, number | null>) {
    if (!origins.length || !destinations.length) return true;
    if (clock() < pausedUntil) return false;
    try {
      for (const answer of await matrix(origins, destinations)) {
        const key = pairKey(origins[answer.originIndex]!, destinations[answer.destinationIndex]!);
        const minutes = answer.seconds === null ? null : roundUpDriveMinutes(answer.seconds / 60);
        cache.set(key, minutes);
        known.set(key, minutes);
      }
      if (failing) log?.info('Google route matrix answers again');
      failing = false;
      return true;
    } catch (err) {
      pausedUntil = clock() + pauseAfterFailureMs;
      if (!failing) log?.warn({ err }, 'Google route matrix failed: drive times are estimated');
      failing = true;
      return false;
    }
  }

  /** Whether the cache knows the pair (then `known` does too). */
  const cached = (key: string, known: Map<string, number | null>) => {
    const minutes = cache.get(key);
    if (minutes !== undefined) known.set(key, minutes);
    return minutes !== undefined;
  };

  const reader = (known: Map<string, number | null>): DriveMinutes => {
    return (from, to) => known.get(pairKey(from, to)) ?? driveMinutes(from, to);
  };

  return {
    source: 'google',

    async around(visit, places) {
      const here = rounded(visit);
      const others = new Map<string, LatLng>();
      for (const place of places) {
        const key = placeKey(place);
        if (key !== placeKey(here) && others.size < maxMatrixElements && !others.has(key)) {
          others.set(key, rounded(place));
        }
      }
      const known = new Map<string, number | null>();
      const to: LatLng[] = [];
      const from: LatLng[] = [];
      for (const place of others.values()) {
        if (!cached(pairKey(here, place), known)) to.push(place);
        if (!cached(pairKey(place, here), known)) from.push(place);
      }
      // one call each way, side by side: 2 × N elements where one call of both would bill (N + 1)²
      const answered = await Promise.all([ask([here], to, known), ask(from, [here], known)]);
      return { drive: reader(known), degraded: answered.includes(false) };
    },

    async between(pairs) {
      const known = new Map<string, number | null>();
      const origins = new Map<string, LatLng>();
      const destinations = new Map<string, LatLng>();
      for (const [from, to] of pairs) {
        const [a, b] = [placeKey(from), placeKey(to)];
        if (a === b || cached(`${a}>${b}`, known)) continue;
        // one call: every origin to every destination, within Google's limit
        const size =
          (origins.size + (origins.has(a) ? 0 : 1)) *
          (destinations.size + (destinations.has(b) ? 0 : 1));
        if (size > maxMatrixElements) continue;
        origins.set(a, rounded(from));
        destinations.set(b, rounded(to));
      }
      const answered = await ask([...origins.values()], [...destinations.values()], known);
      return { drive: reader(known), degraded: !answered };
    },
  };
}
