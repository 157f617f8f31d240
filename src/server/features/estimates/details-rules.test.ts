import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { errorCodes } from '#shared/api/error.ts';
import { detailsMessages } from '#shared/estimate/details.contract.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';

// The Details rules that depend on the lead (issue 15): a consultation needs no measurement.
// Its own app: the contact steps here would use up the lead rate limit of estimates.test.ts.
const fitzroy = gazetteerPlace('12 Smith Street', 'Fitzroy', '3065').structuredAddress;
const pane = { length: 1000, width: 1000, sqm: 1 };

describe('Details rules by booking option', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const contact = (bookingOption: string) =>
    completeContactStep(t.app, { structuredAddress: fitzroy }, { bookingOption });
  const put = (sessionId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/sessions/${sessionId}/details`, payload });
  const read = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: `/api/sessions/${sessionId}/estimate` });

  it('a consultation saves its concern and pane count without measurements (item 1)', async () => {
    const { sessionId } = await contact('consultation');
    const few = await put(sessionId, { glassCount: 3, painPoint: 'thermal', measurements: [] });
    expect(few.statusCode).toBe(200);
    expect(few.json().lead.stage).toBe('details');
    // onsite still follows the pane-count threshold (5 by default)
    expect((await read(sessionId)).json()).toMatchObject({
      glassCount: 3,
      estimate: null,
      onsite: { available: false },
    });
    const many = await put(sessionId, { glassCount: 6, painPoint: 'thermal', measurements: [] });
    expect(many.statusCode).toBe(200);
    expect((await read(sessionId)).json()).toMatchObject({
      glassCount: 6,
      onsite: { available: true },
    });
    // the rest of the form is checked as for an estimate
    const bad = await put(sessionId, { glassCount: 0, painPoint: 'thermal', measurements: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ glassCount: detailsMessages.glassCountMin });
    // measurements given are kept
    const measured = await put(sessionId, {
      glassCount: 1,
      painPoint: 'thermal',
      measurements: [pane],
    });
    expect(measured.statusCode).toBe(200);
  });

  it('an estimate still needs at least one measurement (spec §5)', async () => {
    const { sessionId } = await contact('estimate');
    const res = await put(sessionId, { glassCount: 3, painPoint: 'thermal', measurements: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: errorCodes.validation,
      fields: { measurements: detailsMessages.measurementsRequired },
    });
  });

  it('refuses more measured panes than the pane count, on details and estimates (item 9)', async () => {
    const { sessionId } = await contact('estimate');
    const three = { glassCount: 2, painPoint: 'thermal', measurements: [pane, pane, pane] };
    const message = 'You have measured 3 panes: the number of glass panes must be at least 3';
    for (const res of [
      await put(sessionId, three),
      await t.app.inject({
        method: 'POST',
        url: '/api/estimates',
        payload: { sessionId, ...three },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ glassCount: message });
    }
    expect((await put(sessionId, { ...three, glassCount: 3 })).statusCode).toBe(200);
  });
});
