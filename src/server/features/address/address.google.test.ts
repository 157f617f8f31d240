import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

const apiKey = 'test-key';

// Answers in the exact shapes of the legacy Places web service (fields trimmed to one example).
const autocompleteOk = {
  predictions: [
    {
      description: '12 Smith Street, Fitzroy VIC, Australia',
      matched_substrings: [{ length: 2, offset: 0 }],
      place_id: 'EjUxMiBTbWl0aCBTdHJlZXQsIEZpdHpyb3kgVklDIDMwNjUsIEF1c3RyYWxpYSIwEi4KFAoSCY8',
      reference: 'EjUxMiBTbWl0aCBTdHJlZXQsIEZpdHpyb3kgVklDIDMwNjUsIEF1c3RyYWxpYSIwEi4KFAoSCY8',
      structured_formatting: {
        main_text: '12 Smith Street',
        main_text_matched_substrings: [{ length: 2, offset: 0 }],
        secondary_text: 'Fitzroy VIC, Australia',
      },
      terms: [
        { offset: 0, value: '12' },
        { offset: 3, value: 'Smith Street' },
        { offset: 17, value: 'Fitzroy' },
        { offset: 25, value: 'VIC' },
        { offset: 30, value: 'Australia' },
      ],
      types: ['premise', 'geocode'],
    },
    {
      description: '12 Smith Street, Parramatta NSW, Australia',
      place_id: 'ChIJSmithStreetParramatta',
      reference: 'ChIJSmithStreetParramatta',
      structured_formatting: {
        main_text: '12 Smith Street',
        secondary_text: 'Parramatta NSW, Australia',
      },
      terms: [],
      types: ['street_address', 'geocode'],
    },
  ],
  status: 'OK',
};

const detailsOk = {
  html_attributions: [],
  result: {
    address_components: [
      { long_name: '12', short_name: '12', types: ['street_number'] },
      { long_name: 'Smith Street', short_name: 'Smith St', types: ['route'] },
      { long_name: 'Fitzroy', short_name: 'Fitzroy', types: ['locality', 'political'] },
      {
        long_name: 'City of Yarra',
        short_name: 'Yarra',
        types: ['administrative_area_level_2', 'political'],
      },
      {
        long_name: 'Victoria',
        short_name: 'VIC',
        types: ['administrative_area_level_1', 'political'],
      },
      { long_name: 'Australia', short_name: 'AU', types: ['country', 'political'] },
      { long_name: '3065', short_name: '3065', types: ['postal_code'] },
    ],
    formatted_address: '12 Smith St, Fitzroy VIC 3065, Australia',
    geometry: { location: { lat: -37.8067, lng: 144.9832 } },
    name: '12 Smith St',
  },
  status: 'OK',
};

type Reply = { body: unknown } | 'destroy';

describe('address search through Google Places', () => {
  let google: Server;
  let t: TestApp;
  const seen: URL[] = [];
  let next: Reply | undefined;
  const bodies: string[] = [];

  beforeAll(async () => {
    google = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url ?? '/', 'http://google.test');
      seen.push(url);
      const reply = next ?? { body: url.pathname.includes('details') ? detailsOk : autocompleteOk };
      if (reply === 'destroy') return void req.socket.destroy();
      res.setHeader('content-type', 'application/json; charset=UTF-8');
      res.end(JSON.stringify(reply.body));
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const { port } = google.address() as AddressInfo;
    t = await createTestApp({
      GOOGLE_MAPS_API_KEY: apiKey,
      GOOGLE_MAPS_BASE_URL: `http://127.0.0.1:${port}`,
    });
  });
  beforeEach(() => {
    seen.length = 0;
    next = undefined;
  });
  afterAll(async () => {
    for (const body of bodies) expect(body).not.toContain(apiKey);
    await t.close();
    google.closeAllConnections();
    await new Promise((resolve) => google.close(resolve));
  });

  async function get(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    bodies.push(res.body);
    return res;
  }

  it('asks for Australian addresses near Melbourne and keeps the Victorian ones', async () => {
    const res = await get('/api/address/suggest?q=12%20Smith%20Street&sessionToken=s-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      predictions: [
        {
          placeId: autocompleteOk.predictions[0]!.place_id,
          description: '12 Smith Street, Fitzroy VIC, Australia',
          mainText: '12 Smith Street',
          secondaryText: 'Fitzroy VIC, Australia',
          types: ['premise', 'geocode'],
        },
      ],
    });
    const [call] = seen;
    expect(call?.pathname).toBe('/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      input: '12 Smith Street',
      components: 'country:au',
      location: '-37.8136,144.9631',
      radius: '100000',
      types: 'address',
      sessiontoken: 's-1',
      key: apiKey,
    });
  });

  it('answers place details with the state, suburb and postcode picked out', async () => {
    const id = autocompleteOk.predictions[0]!.place_id;
    const res = await get(`/api/address/place/${id}?sessionToken=s-1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().place).toMatchObject({
      placeId: id,
      formattedAddress: '12 Smith St, Fitzroy VIC 3065, Australia',
      name: '12 Smith St',
      location: { lat: -37.8067, lng: 144.9832 },
      state: 'VIC',
      suburb: 'Fitzroy',
      postcode: '3065',
    });
    expect(res.json().place.addressComponents).toContainEqual({
      longName: 'Victoria',
      shortName: 'VIC',
      types: ['administrative_area_level_1', 'political'],
    });
    expect(seen[0]?.pathname).toBe('/maps/api/place/details/json');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({
      place_id: id,
      fields: 'formatted_address,name,geometry/location,address_components',
      sessiontoken: 's-1',
      key: apiKey,
    });
  });

  it('treats ZERO_RESULTS as no suggestions and an unknown place as 404', async () => {
    next = { body: { predictions: [], status: 'ZERO_RESULTS' } };
    expect((await get('/api/address/suggest?q=Nowhere')).json()).toEqual({ predictions: [] });
    next = { body: { html_attributions: [], status: 'NOT_FOUND' } };
    expect((await get('/api/address/place/ChIJgone')).statusCode).toBe(404);
  });

  it.each([
    [
      'REQUEST_DENIED',
      {
        error_message: 'The provided API key is invalid.',
        predictions: [],
        status: 'REQUEST_DENIED',
      },
    ],
    ['OVER_QUERY_LIMIT', { predictions: [], status: 'OVER_QUERY_LIMIT' }],
    ['a dropped connection', 'destroy' as const],
  ])('answers 503 "Address search unavailable" on %s', async (_name, reply) => {
    next = reply === 'destroy' ? reply : { body: reply };
    for (const url of ['/api/address/suggest?q=12%20Smith', '/api/address/place/ChIJabc']) {
      const res = await get(url);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Address search unavailable' },
      });
    }
  });

  it('answers 503 when nothing listens at the Google address', async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const { port } = gone.address() as AddressInfo;
    await new Promise((resolve) => gone.close(resolve));
    const other = await createTestApp({
      GOOGLE_MAPS_API_KEY: apiKey,
      GOOGLE_MAPS_BASE_URL: `http://127.0.0.1:${port}`,
    });
    const res = await other.app.inject({ method: 'GET', url: '/api/address/suggest?q=Fitzroy' });
    await other.close();
    bodies.push(res.body);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Address search unavailable');
  });
});
