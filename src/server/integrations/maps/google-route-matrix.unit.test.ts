import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startRoutesReceiver,
  type RoutesReceiver,
} from '#tests/helpers/protocol-servers/routes-receiver.ts';
import { createGoogleRouteMatrix } from './google-route-matrix';
import { MapsProviderError } from './maps-provider';

const dandenong = { lat: -37.9875, lng: 145.2148 };
const frankston = { lat: -38.1446, lng: 145.1235 };
const sunbury = { lat: -37.5774, lng: 144.7261 };

describe('Google route matrix client (a local server speaking the Routes protocol)', () => {
  let routes: RoutesReceiver;
  beforeAll(async () => {
    routes = await startRoutesReceiver({ apiKey: 'secret-routes-key' });
  });
  afterEach(() => routes.clearAnswers());
  afterAll(() => routes.close());

  const client = (options: { timeoutMs?: number; maxBytes?: number } = {}) =>
    createGoogleRouteMatrix({ apiKey: 'secret-routes-key', baseUrl: routes.baseUrl, ...options });

  it('asks as Google requires and reads every element, zero indexes left out included', async () => {
    routes.setDurations((from, to) =>
      to.lat === sunbury.lat ? null : from.lat === to.lat ? 0 : 1234,
    );
    const answers = await client()([dandenong, frankston], [frankston, sunbury]);
    expect(routes.refused).toEqual([]);
    const call = routes.calls.at(-1)!;
    expect(call).toMatchObject({
      origins: [dandenong, frankston],
      destinations: [frankston, sunbury],
      travelMode: 'DRIVE',
      routingPreference: 'TRAFFIC_UNAWARE',
    });
    // status and condition asked for: without status every element would look OK
    expect(call.fieldMask.split(',').sort()).toEqual(
      ['condition', 'destinationIndex', 'duration', 'originIndex', 'status'].sort(),
    );
    expect(answers).toEqual([
      { originIndex: 0, destinationIndex: 0, seconds: 1234 },
      { originIndex: 0, destinationIndex: 1, seconds: null },
      { originIndex: 1, destinationIndex: 0, seconds: 0 },
      { originIndex: 1, destinationIndex: 1, seconds: null },
    ]);
  });

  it('sends the key in its header only', async () => {
    const wrong = createGoogleRouteMatrix({ apiKey: 'another-key', baseUrl: routes.baseUrl });
    const failure = await wrong([dandenong], [frankston]).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(MapsProviderError);
    expect((failure as Error).message).toContain('403');
    expect((failure as Error).message).not.toContain('another-key');
  });

  it('leaves out an element Google answers with an error status', async () => {
    const body = JSON.stringify([
      { originIndex: 0, destinationIndex: 0, status: { code: 3, message: 'bad waypoint' } },
      { destinationIndex: 1, status: {}, condition: 'ROUTE_EXISTS', duration: '600s' },
    ]);
    routes.answer({ status: 200, headers: { 'content-type': 'application/json' }, body }, 1);
    expect(await client()([dandenong], [frankston, sunbury])).toEqual([
      { originIndex: 0, destinationIndex: 1, seconds: 600 },
    ]);
  });

  it.each([
    ['HTTP 500', { status: 500, body: '{"error":{"code":500,"status":"INTERNAL"}}' }],
    ['an HTML page', { status: 200, body: '<html>not json</html>' }],
    ['another shape', { status: 200, body: '{"routes":[]}' }],
    ['a duration that is no duration', { status: 200, body: '[{"duration":"an hour"}]' }],
    ['no answer in time', { delayMs: 1000 }],
  ])('treats %s as a failure', async (_what, scripted) => {
    routes.answer(scripted, 1);
    const failure = await client({ timeoutMs: 200 })([dandenong], [frankston]).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(MapsProviderError);
    expect((failure as Error).message).not.toContain('secret-routes-key');
  });

  it('reads a bounded answer: one past maxBytes is no answer', async () => {
    const failure = await client({ maxBytes: 64 })([dandenong], [frankston, sunbury]).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(MapsProviderError);
  });

  it('never asks for more than Google takes (625 elements)', async () => {
    const many = Array.from({ length: 26 }, (_, i) => ({ lat: -37 - i / 100, lng: 145 }));
    const before = routes.requestCount;
    await expect(client()(many, many)).rejects.toBeInstanceOf(MapsProviderError);
    expect(routes.requestCount).toBe(before);
  });
});
