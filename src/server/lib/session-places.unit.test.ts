import { describe, expect, it } from 'vitest';
import { SessionPlaces } from './session-places';

const frankston = { lat: -38.16, lng: 145.14, postcode: '3199' };

describe('SessionPlaces', () => {
  it('reads a place once, reads a session without one each time, and forgets on a change', async () => {
    const places = new SessionPlaces();
    let reads = 0;
    const read = (place: typeof frankston | null) => async () => (reads++, place);
    expect(await places.of('s1', read(frankston))).toEqual(frankston);
    expect(await places.of('s1', read(null))).toEqual(frankston);
    expect(await places.of('s2', read(null))).toBeNull();
    expect(await places.of('s2', read(null))).toBeNull();
    expect(reads).toBe(3);
    places.forget();
    expect(await places.of('s1', read(null))).toBeNull();
    expect(reads).toBe(4);
  });

  it('keeps out what was read while a change arrived', async () => {
    const places = new SessionPlaces();
    let finish: (place: typeof frankston) => void = () => undefined;
    const reading = places.of('s1', () => new Promise((resolve) => (finish = resolve)));
    places.forget(); // the customer's address changed while the old one was being read
    finish(frankston);
    expect(await reading).toEqual(frankston);
    let reads = 0;
    await places.of('s1', async () => (reads++, null));
    expect(reads).toBe(1);
  });
});
