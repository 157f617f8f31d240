import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// The default provider: the offline gazetteer built from the installed data package.
describe('address search on the offline gazetteer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function suggest(q: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/address/suggest', query: { q } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { predictions: { placeId: string; description: string }[] }).predictions;
  }

  async function place(id: string) {
    return t.app.inject({ method: 'GET', url: `/api/address/place/${encodeURIComponent(id)}` });
  }

  it('completes "number street, suburb" into a full Victorian address', async () => {
    const predictions = await suggest('12 Smith Street, Fitzroy');
    expect(predictions[0]).toMatchObject({
      description: '12 Smith Street, Fitzroy VIC 3065',
      mainText: '12 Smith Street',
      secondaryText: 'Fitzroy VIC 3065',
      types: ['street_address'],
    });
    expect(predictions.length).toBeLessThanOrEqual(5);
  });

  it('answers the details of that suggestion without keeping any state', async () => {
    const [first] = await suggest('12 Smith Street, Fitzroy');
    const res = await place(first!.placeId);
    expect(res.statusCode).toBe(200);
    const { place: details } = res.json();
    expect(details).toMatchObject({
      placeId: first!.placeId,
      formattedAddress: '12 Smith Street, Fitzroy VIC 3065',
      name: '12 Smith Street',
      state: 'VIC',
      suburb: 'Fitzroy',
      postcode: '3065',
    });
    // Fitzroy lies about 2 km north-east of the Melbourne CBD
    expect(details.location.lat).toBeCloseTo(-37.8, 1);
    expect(details.location.lng).toBeCloseTo(144.98, 1);
    expect(details.addressComponents).toEqual(
      expect.arrayContaining([
        { longName: '12', shortName: '12', types: ['street_number'] },
        { longName: 'Smith Street', shortName: 'Smith St', types: ['route'] },
        {
          longName: 'Victoria',
          shortName: 'VIC',
          types: ['administrative_area_level_1', 'political'],
        },
        { longName: '3065', shortName: '3065', types: ['postal_code'] },
        { longName: 'Australia', shortName: 'AU', types: ['country', 'political'] },
      ]),
    );
  });

  it('understands partly typed suburbs, no comma, any case, and a bare suburb', async () => {
    for (const q of ['12 Smith Street, Fitzr', '12 smith st fitzroy', '12 SMITH STREET, FITZROY']) {
      expect((await suggest(q))[0]?.description, q).toBe('12 Smith Street, Fitzroy VIC 3065');
    }
    expect((await suggest('Fitzroy'))[0]?.description).toBe('Fitzroy VIC 3065');
  });

  it('offers Victoria Point in QLD too, whose details say QLD for the form to refuse', async () => {
    const predictions = await suggest('Victoria Point');
    const queensland = predictions.find((p) => p.description === 'Victoria Point QLD 4165');
    expect(queensland).toBeDefined();
    const res = await place(queensland!.placeId);
    expect(res.json().place).toMatchObject({ state: 'QLD', postcode: '4165' });
  });

  it('offers only suggestions that mention vic, victoria or melbourne when there are some', async () => {
    const many = await suggest('Mount');
    expect(many).toHaveLength(5);
    for (const p of many) expect(p.description).toMatch(/\b(vic|victoria|melbourne)\b/i);
    // Fitzroy exists in four states: only Victoria's are offered
    const fitzroy = await suggest('12 Smith Street, Fitzroy');
    for (const p of fitzroy) expect(p.description).toMatch(/ VIC \d{4}$/);
  });

  it('offers an interstate address marked with its state when nothing in Victoria matches (issue 15 item 4)', async () => {
    const predictions = await suggest('10 George Street Sydney');
    expect(predictions[0]).toMatchObject({
      description: '10 George Street, Sydney NSW 2000',
      outOfState: 'NSW',
    });
    expect(predictions.length).toBeLessThanOrEqual(5);
    for (const p of predictions) expect(p).toHaveProperty('outOfState', 'NSW');
    // its details say NSW, for the form and the contact route to refuse
    const res = await place(predictions[0]!.placeId);
    expect(res.json().place).toMatchObject({ state: 'NSW', postcode: '2000' });
    // a Victorian suggestion carries no mark
    expect((await suggest('12 Smith Street, Fitzroy'))[0]).not.toHaveProperty('outOfState');
  });

  it('refuses a query shorter than 3 characters in the error shape', async () => {
    for (const query of [{ q: 'Fi' }, { q: '  Fi  ' }, {}] as Record<string, string>[]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/address/suggest', query });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please correct the highlighted fields.',
          fields: { q: expect.any(String) },
        },
      });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/address/suggest?q=Fi' });
    expect(res.json().error.fields.q).toBe('Type at least 3 characters');
  });

  it('answers 404 for a place id it did not make, never 500', async () => {
    for (const id of [
      'nonsense',
      'gz:',
      'gz::',
      'gz::vic-9999-nowhere',
      'gz:AAAA:vic-3065-fitzroy',
      'gz:%%%:vic-3065-fitzroy',
      `gz:${'A'.repeat(400)}:vic-3065-fitzroy`,
      'ChIJN1t_tDeuEmsRUsoyG83frY4',
      'gz::vic-3065-fitzroy/extra',
      'x'.repeat(5000),
    ]) {
      const res = await place(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({
        error: { code: 'NOT_FOUND', message: 'Address not found' },
      });
    }
    const nothing = await t.app.inject({ method: 'GET', url: '/api/address/place/' });
    expect(nothing.statusCode).toBe(404);
  });

  it('limits each address to 120 searches a minute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/address/suggest?q=Fitzroy' });
    expect(res.headers['x-ratelimit-limit']).toBe('120');
    const details = await place('gz::vic-3065-fitzroy');
    expect(details.statusCode).toBe(200);
    expect(details.headers['x-ratelimit-limit']).toBe('120');
  });
});
