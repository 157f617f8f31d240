import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { driveMinutes } from '#shared/pricing/travel.ts';
import {
  startRoutesReceiver,
  type RoutesReceiver,
} from '#tests/helpers/protocol-servers/routes-receiver.ts';
import { ExpiringCache } from '#server/lib/expiring-cache.ts';
import { createGoogleDriveTimes, estimatorDriveTimes } from './drive-times';
import { createGoogleRouteMatrix } from './google-route-matrix';

const dandenong = { lat: -37.9875, lng: 145.2148 };
const frankston = { lat: -38.1446, lng: 145.1235 };
const sunbury = { lat: -37.5774, lng: 144.7261 };
const twoHours = 2 * 3600;

describe('drive times from the route matrix', () => {
  let routes: RoutesReceiver;
  let clock: number;
  let warnings: string[];
  beforeAll(async () => {
    routes = await startRoutesReceiver();
  });
  beforeEach(() => {
    routes.clearAnswers();
    routes.setDurations(() => twoHours - 50);
    routes.calls.length = 0;
    clock = 1_000_000;
    warnings = [];
  });
  afterAll(() => routes.close());

  const driveTimes = () =>
    createGoogleDriveTimes({
      matrix: createGoogleRouteMatrix({
        apiKey: routes.apiKey,
        baseUrl: routes.baseUrl,
        timeoutMs: 200,
      }),
      log: {
        warn: (_details: object, message?: string) => warnings.push(message ?? ''),
        info: () => {},
      },
      cache: new ExpiringCache({ maxEntries: 100, ttlMs: 24 * 3600_000, clock: () => clock }),
      clock: () => clock,
    });

  it('asks each way once, rounds up to 15 minutes, and reads other pairs from the estimator', async () => {
    const { drive, degraded } = await driveTimes().around(frankston, [
      dandenong,
      sunbury,
      dandenong,
    ]);
    expect(degraded).toBe(false);
    // one call each way (1 × 2 and 2 × 1 elements), the repeated base asked once
    expect(routes.calls.map((c) => [c.origins.length, c.destinations.length]).sort()).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(drive(dandenong, frankston)).toBe(120);
    expect(drive(frankston, sunbury)).toBe(120);
    expect(drive(dandenong, sunbury)).toBe(driveMinutes(dandenong, sunbury));
  });

  it('answers the same pairs from its cache for a day, with no call', async () => {
    const times = driveTimes();
    await times.around(frankston, [dandenong]);
    expect(routes.calls).toHaveLength(2);
    // a few metres away is the same place
    const near = { lat: frankston.lat + 0.00001, lng: frankston.lng };
    const again = await times.around(near, [dandenong]);
    expect(routes.calls).toHaveLength(2);
    expect(again.drive(near, dandenong)).toBe(120);
    clock += 24 * 3600_000;
    await times.around(frankston, [dandenong]);
    expect(routes.calls).toHaveLength(4);
  });

  it('takes the estimator for a pair with no route', async () => {
    routes.setDurations((_from, to) => (to.lat === sunbury.lat ? null : 600));
    const { drive } = await driveTimes().around(frankston, [sunbury]);
    expect(drive(frankston, sunbury)).toBe(driveMinutes(frankston, sunbury));
    expect(drive(sunbury, frankston)).toBe(15);
  });

  it('falls back to the estimator when Google fails, warns once, and pauses a minute', async () => {
    const times = driveTimes();
    routes.answer({ status: 500, body: 'oops' });
    const first = await times.around(frankston, [dandenong]);
    expect(first.degraded).toBe(true);
    expect(first.drive(dandenong, frankston)).toBe(driveMinutes(dandenong, frankston));
    const asked = routes.requestCount;
    const second = await times.around(sunbury, [dandenong]);
    expect(second.degraded).toBe(true);
    expect(routes.requestCount).toBe(asked);
    expect(warnings).toHaveLength(1);
    // after the pause it asks again: failing still is no new warning; then Google answers
    clock += 60_000;
    expect((await times.around(sunbury, [dandenong])).degraded).toBe(true);
    expect(routes.requestCount).toBeGreaterThan(asked);
    expect(warnings).toHaveLength(1);
    clock += 60_000;
    routes.clearAnswers();
    const later = await times.around(sunbury, [dandenong]);
    expect(later.degraded).toBe(false);
    expect(later.drive(dandenong, sunbury)).toBe(120);
  });

  it('takes the pairs of a day in one call within 625 elements', async () => {
    const { drive, degraded } = await driveTimes().between([
      [dandenong, frankston],
      [frankston, sunbury],
      [sunbury, sunbury],
    ]);
    expect(degraded).toBe(false);
    expect(routes.calls).toHaveLength(1);
    expect(routes.calls[0]!.origins).toEqual([dandenong, frankston]);
    expect(drive(frankston, sunbury)).toBe(120);
    expect(Math.abs(drive(sunbury, sunbury))).toBe(0); // the estimator: no drive, never asked
  });

  it('needs nothing resolved in local mode', async () => {
    const { drive } = await estimatorDriveTimes.around(frankston, [dandenong]);
    expect(drive).toBe(driveMinutes);
    expect(estimatorDriveTimes.source).toBe('estimator');
  });
});
