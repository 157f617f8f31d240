import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { at, holdAndBook } from '#tests/helpers/booking-flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// GA4's lead events follow the lead: generate_lead at the contact step, qualify_lead when it books,
// with the browser's client id from its _ga cookie and only hashed personal data, checked by a
// receiver that validates like Google's /debug/mp/collect. A browser that asks not to be tracked
// gets none.
describe('GA4 lead events', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
  });
  afterAll(() => t.close());

  async function contact(headers: Record<string, string>) {
    const sessionId = randomUUID();
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: makeCustomerInput({ sessionId }),
    });
    const customerId = customer.json().customer.id as string;
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers,
      payload: makeLeadInput({ sessionId, customerId }),
    });
    expect(lead.statusCode).toBe(201);
    return { sessionId, leadId: lead.json().lead.id as string };
  }

  it('sends generate_lead and qualify_lead with the client id and hashed contact details', async () => {
    const { sessionId, leadId } = await contact({ cookie: '_ga=GA1.1.1234567890.1763900000' });
    await holdAndBook(t.app, sessionId, at('2026-11-26', '10:00'));
    await waitForStatus(t, (m) => m.leadId === leadId && m.channel === 'ga4', 'sent');
    const hits = t.receivers.ga4.hits.filter((hit) => hit.client_id === '1234567890.1763900000');
    expect(hits.flatMap((hit) => hit.events.map((e) => e.name)).sort()).toEqual([
      'generate_lead',
      'qualify_lead',
    ]);
    const raw = JSON.stringify(hits);
    expect(raw).not.toMatch(/@example\.com|412 ?345/);
    expect(hits[0]?.user_data?.sha256_email_address?.[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(t.receivers.ga4.invalid).toEqual([]);
  });

  it('queues nothing for a browser sending Sec-GPC, or without a GA client id', async () => {
    const private1 = await contact({ cookie: '_ga=GA1.1.99.88', 'sec-gpc': '1' });
    const private2 = await contact({});
    const ga4 = (await deliveries(t)).filter(
      (m) => m.channel === 'ga4' && (m.leadId === private1.leadId || m.leadId === private2.leadId),
    );
    expect(ga4).toEqual([]);
  });

  it("follows staff's work on the lead: working_lead once, then close_convert_lead or the lost reason", async () => {
    const cookie = await signInAs(t.app, (await createStaff(t.database.db)).email);
    const staff = (method: 'PATCH' | 'POST', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { ...sameOrigin, cookie } });
    const won = await contact({ cookie: '_ga=GA1.1.555.111' });
    const lost = await contact({ cookie: '_ga=GA1.1.777.222' });
    expect(
      (await staff('POST', `/api/leads/${won.leadId}/notes`, { text: 'Called back' })).statusCode,
    ).toBe(201);
    expect((await staff('PATCH', `/api/leads/${won.leadId}`, { stage: 'won' })).statusCode).toBe(
      200,
    );
    const lostRes = await staff('PATCH', `/api/leads/${lost.leadId}`, {
      stage: 'lost',
      lostReason: 'Too far away',
    });
    expect(lostRes.statusCode).toBe(200);
    await waitForStatus(
      t,
      (m) => (m.leadId === won.leadId || m.leadId === lost.leadId) && m.channel === 'ga4',
      'sent',
    );
    const names = (clientId: string) =>
      t.receivers.ga4.hits
        .filter((hit) => hit.client_id === clientId)
        .flatMap((hit) => hit.events.map((e) => e.name))
        .sort();
    expect(names('555.111')).toEqual(['close_convert_lead', 'generate_lead', 'working_lead']);
    expect(names('777.222')).toEqual(['close_unconvert_lead', 'generate_lead', 'working_lead']);
    const reason = t.receivers.ga4.hits
      .flatMap((hit) => hit.events)
      .find((e) => e.name === 'close_unconvert_lead')?.params?.unconvert_lead_reason;
    expect(reason).toBe('Too far away');
  });
});
