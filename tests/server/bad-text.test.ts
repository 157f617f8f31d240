import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsupportedCharacterMessage } from '#shared/api/text.ts';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { expectRefusal } from '#tests/helpers/api-error.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 16: PostgreSQL refuses NUL in text and jsonb, and a lone surrogate in jsonb; such a value
// used to reach the database and lose the lead with a 500. Now a 400 names the field to fix.
const nul = 'Al\u0000ex';
const loneSurrogate = 'spring \ud83d sale';
const unsupported = unsupportedCharacterMessage;

describe('text the database cannot store is refused with a 400 that names the field', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_MAX: '1000000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, method: 'POST' | 'PATCH' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload });

  it('refuses a NUL character in a text field of the Contact step', async () => {
    const res = await post('/api/customers', makeCustomerInput({ firstName: nul }));
    expectRefusal(res, 400, ['firstName', unsupported]);
    const address = await post('/api/customers', makeCustomerInput({ address: `12 Smith${nul}` }));
    expectRefusal(address, 400, ['address', unsupported]);
  });

  it('refuses a NUL character in the text of a booking, a promo code and a staff sign-in', async () => {
    const estimate = await post('/api/estimates', {
      sessionId: randomUUID(),
      glassCount: 1,
      painPoint: 'uv-privacy',
      measurements: [{ length: 1000, width: 1000, sqm: 1 }],
      promoCode: `SAVE${nul}`,
    });
    expectRefusal(estimate, 400, ['promoCode', unsupported]);
    const booking = await post('/api/bookings', {
      sessionId: randomUUID(),
      reservationId: randomUUID(),
      serviceType: 'phone',
      idempotencyKey: `key-${nul}-1234`,
    });
    expectRefusal(booking, 400, ['idempotencyKey', unsupported]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/staff/session',
      headers: sameOrigin,
      payload: { email: 'someone@example.com', password: `pass${nul}word` },
    });
    expectRefusal(signIn, 400, ['password', unsupported]);
  });

  it('refuses a NUL character in a path parameter', async () => {
    for (const url of [
      '/api/manage/abc%00def',
      '/api/promo-codes/lookup/SAVE%0010',
      '/api/address/place/place%00id',
    ]) {
      expectRefusal(await t.app.inject({ method: 'GET', url }), 400);
    }
    const utm = await t.app.inject({ method: 'POST', url: '/api/promo-codes/utm/spring%00sale' });
    expectRefusal(utm, 400);
  });

  it('refuses a NUL character in a query parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/address/suggest?q=Smith%00St' });
    expectRefusal(res, 400, ['q', unsupported]);
  });

  it('refuses a lone surrogate in the UTM data of a session', async () => {
    const { customerId } = await completeContactStep(t.app);
    const res = await post(
      `/api/sessions/${randomUUID()}/link-customer`,
      { customerId, utmData: { source: loneSurrogate } },
      'PATCH',
    );
    expectRefusal(res, 400, ['utmData.source', unsupported]);
  });

  it('refuses a lone surrogate in the lead data and the address details', async () => {
    const { sessionId, customerId } = await completeContactStep(t.app);
    const lead = makeLeadInput({ sessionId, customerId }, { utm: { campaign: loneSurrogate } });
    expectRefusal(await post('/api/leads', lead), 400, ['utm.campaign', unsupported]);
    const landing = makeLeadInput({ sessionId, customerId }, { landingPage: `/${loneSurrogate}` });
    expectRefusal(await post('/api/leads', landing), 400, ['landingPage', unsupported]);
    const customer = makeCustomerInput();
    customer.structuredAddress = { ...customer.structuredAddress, suburb: loneSurrogate };
    expectRefusal(await post('/api/customers', customer), 400, [
      'structuredAddress.suburb',
      unsupported,
    ]);
  });

  it('keeps emoji and other well-formed text', async () => {
    const res = await post('/api/customers', makeCustomerInput({ firstName: 'Zoë 😀' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customer.firstName).toBe('Zoë 😀');
  });

  it('refuses unsupported text inside free-form JSON an admin saves, key or value', async () => {
    const cookie = await signInAs(
      t.app,
      (await createStaff(t.database.db, { role: 'admin' })).email,
    );
    const save = (value: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/custom_banner_note',
        headers: { cookie, ...sameOrigin },
        payload: { value, category: 'banners_extra' },
      });
    expectRefusal(await save({ note: `late${nul}` }), 400, ['value.note', unsupported]);
    expectRefusal(await save({ [loneSurrogate]: 'x' }), 400);
    expect((await save({ note: 'fine' })).statusCode).toBeLessThan(300);
  });
});
