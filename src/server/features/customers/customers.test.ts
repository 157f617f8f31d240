import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { gazetteerCentres, gazetteerPlace } from '#tests/helpers/places.ts';
import { addressMessages } from '#shared/address/address.contract.ts';
import { contactMessages as m } from '#shared/contact/contact.contract.ts';
import { customers } from '#server/db/schema/index.ts';

describe('POST /api/customers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/customers', payload });
  const rowsFor = (email: string) =>
    t.database.db.select().from(customers).where(eq(customers.email, email));

  it('creates a customer with the e-mail in lowercase and the phone in E.164', async () => {
    const input = makeCustomerInput({ email: 'Alex.Mixed@Example.COM', phone: '(04) 1234-5678' });
    const res = await post(input);
    expect(res.statusCode).toBe(201);
    const { customer } = res.json();
    expect(customer).toMatchObject({
      email: 'alex.mixed@example.com',
      phone: '+61412345678',
      state: 'VIC',
      postcode: '3065',
      // the gazetteer's place for the chosen suggestion, looked up by the server
      addressCoordinates: gazetteerCentres.fitzroy,
    });
    const rows = await rowsFor('alex.mixed@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(customer.id);
  });

  // one record per browser session, never an upsert by e-mail: customers.sessions.test.ts

  it('keeps the place the server resolves, never coordinates or a state the browser sends', async () => {
    const chosen = makeCustomerInput().structuredAddress!;
    const forged = { ...chosen, coordinates: { lat: -33.86, lng: 151.2 }, suburb: 'Elsewhere' };
    const res = await post(makeCustomerInput({ structuredAddress: forged }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer).toMatchObject({
      placeId: chosen.placeId,
      suburb: 'Fitzroy',
      addressCoordinates: gazetteerCentres.fitzroy,
    });
    // an id that names no place: the address is kept as typed, without a place
    const unknown = { placeId: 'made-up', state: 'VIC', coordinates: { lat: -37.9, lng: 145 } };
    const typed = await post(makeCustomerInput({ structuredAddress: unknown }));
    expect(typed.statusCode, typed.body).toBe(201);
    expect(typed.json().customer).toMatchObject({ placeId: null, addressCoordinates: null });
  });

  it('accepts snake_case as well as camelCase', async () => {
    const fitzroy = gazetteerPlace('12 Smith Street', 'Fitzroy', '3065').structuredAddress;
    const email = `snake.${randomUUID().slice(0, 6)}@example.com`;
    const res = await post({
      first_name: 'Jo',
      last_name: 'Bloggs',
      email,
      phone: '+61 3 9123 4567',
      address: '12 Smith Street, Fitzroy VIC 3065',
      structured_address: { place_id: fitzroy.placeId, state: 'VIC', postcode: '3065' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().customer).toMatchObject({
      firstName: 'Jo',
      phone: '+61391234567',
      placeId: fitzroy.placeId,
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', m.firstNameRequired],
    [{ firstName: 'A' }, 'firstName', m.firstNameMin],
    [{ firstName: 'A'.repeat(51) }, 'firstName', m.firstNameMax],
    [{ lastName: '' }, 'lastName', m.lastNameRequired],
    [{ lastName: 'B' }, 'lastName', m.lastNameMin],
    [{ lastName: 'B'.repeat(51) }, 'lastName', m.lastNameMax],
    [{ email: '' }, 'email', m.emailRequired],
    [{ email: 'not-an-email' }, 'email', m.emailInvalid],
    [{ phone: '' }, 'phone', m.phoneRequired],
    [{ phone: '0112345678' }, 'phone', m.phoneInvalid],
    [{ phone: '+1 415 555 0100' }, 'phone', m.phoneInvalid],
    [{ phone: '041234567' }, 'phone', m.phoneInvalid],
    [{ address: '' }, 'address', m.addressRequired],
    [{ address: 'x'.repeat(201) }, 'address', m.addressMax],
  ])('refuses %o with 400 and the field message', async (override, field, message) => {
    const res = await post(makeCustomerInput(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        fields: { [field]: message },
      },
    });
  });

  it('refuses a missing field with its "required" message', async () => {
    const { phone: _phone, ...withoutPhone } = makeCustomerInput();
    const res = await post(withoutPhone);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ phone: m.phoneRequired });
  });

  it('refuses an address outside Victoria', async () => {
    const input = makeCustomerInput({
      address: '12 Main Road, Victoria Point QLD 4165',
      structuredAddress: { placeId: 'qld-1', state: 'QLD', postcode: '4165' },
    });
    const res = await post(input);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ address: addressMessages.victoriaOnly });
    expect(await rowsFor(input.email)).toHaveLength(0);
  });

  it('refuses the interstate suggestion the form offers, even sent with a state of VIC (issue 15 item 4)', async () => {
    const sydney = '10 George Street, Sydney NSW 2000';
    for (const state of ['NSW', 'VIC']) {
      const input = makeCustomerInput({
        address: sydney,
        structuredAddress: { placeId: 'gz:MTAgR2VvcmdlIFN0cmVldA:nsw-2000-sydney', state },
      });
      const res = await post(input);
      expect(res.statusCode, state).toBe(400);
      expect(res.json().error.fields).toEqual({ address: addressMessages.victoriaOnly });
      expect(await rowsFor(input.email)).toHaveLength(0);
    }
  });

  it('refuses an address not chosen from the suggestions unless it names Victoria', async () => {
    const typed = makeCustomerInput({
      address: '99 Unknown Street, Somewhere',
      structuredAddress: undefined,
    });
    const res = await post(typed);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ address: addressMessages.selectFromSuggestions });

    // a legacy address restored from an old session has no place id but names VIC
    const legacy = makeCustomerInput({
      address: '7 Old Road, Kew VIC 3101',
      structuredAddress: undefined,
    });
    expect((await post(legacy)).statusCode).toBe(201);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it('answers a filled honeypot as if it worked and stores nothing', async () => {
    const input = makeCustomerInput({ website: 'http://spam.example' });
    const res = await post(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().customer.email).toBe(input.email.toLowerCase());
    expect(await rowsFor(input.email.toLowerCase())).toHaveLength(0);
  });
});

describe('rate limit on public POSTs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_MAX: '3' });
  });
  afterAll(() => t.close());

  // each test spends the budget of its own client address, so no test relies on another's requests
  const postCustomerFrom = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: makeCustomerInput(),
      remoteAddress,
    });

  it('answers 429 with a clear message once an address sends too many', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await postCustomerFrom('10.0.0.1');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({
          error: {
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait a minute and try again.',
          },
        });
        expect(res.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // the limit is per address: another client is still served
    expect((await postCustomerFrom('10.1.2.3')).statusCode).toBe(201);
  });

  it('shares one budget across the public form endpoints', async () => {
    for (let i = 0; i < 3; i++) expect((await postCustomerFrom('10.0.0.2')).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: {},
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(429);
  });
});
