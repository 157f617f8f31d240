import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { contactMessages } from '#shared/contact/contact.contract.ts';
import { leads, sessions } from '#server/db/schema/index.ts';

describe('the Contact submit: customer, session link, lead', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A customer record made by the given browser session (its owner, ADR 012). */
  async function newCustomerId(sessionId: string = randomUUID()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: makeCustomerInput({ sessionId }),
    });
    return res.json().customer.id as string;
  }
  async function newIds() {
    const sessionId = randomUUID();
    return { sessionId, customerId: await newCustomerId(sessionId) };
  }
  const postLead = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/leads', payload, headers });

  it('creates the session record on link and updates it on the next link', async () => {
    const { sessionId, customerId } = await newIds();
    const url = `/api/sessions/${sessionId}/link-customer`;
    const first = await t.app.inject({
      method: 'PATCH',
      url,
      payload: { customerId, utmData: { source: 'facebook' } },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().session).toMatchObject({ sessionId, customerId, currentStep: 'contact' });

    const second = await t.app.inject({
      method: 'PATCH',
      url,
      payload: {
        customer_id: customerId,
        current_step: 'measurement',
        utm_data: { source: 'google' },
      },
    });
    expect(second.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    // the step moves on, first attribution kept
    expect(row).toMatchObject({
      customerId,
      currentStep: 'measurement',
      utmData: { source: 'facebook' },
    });
  });

  it("refuses another session's customer record, on the link and on the lead (ADR 012)", async () => {
    const mine = await newIds();
    const theirs = await newCustomerId();
    const link = await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${mine.sessionId}/link-customer`,
      payload: { customerId: theirs },
    });
    expect(link.statusCode).toBe(404);
    expect(link.json().error.message).toBe('Customer not found.');
    const lead = await postLead(makeLeadInput({ sessionId: mine.sessionId, customerId: theirs }));
    expect(lead.statusCode).toBe(404);
    expect(lead.json().error.message).toBe('Customer not found.');
    expect(await t.database.db.$count(leads, eq(leads.sessionId, mine.sessionId))).toBe(0);
    // a record made by no session (before ADR 012) belongs to nobody
    await t.database.executeSql('update customers set created_by_session_id = null where id = $1', [
      mine.customerId,
    ]);
    const orphan = await postLead(makeLeadInput(mine));
    expect(orphan.statusCode).toBe(404);
  });

  it('refuses to link an unknown customer or a malformed session id', async () => {
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${randomUUID()}/link-customer`,
      payload: { customerId: randomUUID() },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'NOT_FOUND', message: 'Customer not found.' });

    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/sessions/not-a-uuid/link-customer',
      payload: { customerId: randomUUID() },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ sessionId: 'Invalid session id' });
  });

  it("creates the lead as the spec says: status 'new', source 'website', stage 'contact'", async () => {
    const ids = await newIds();
    const input = makeLeadInput(ids, { bookingOption: 'consultation' });
    const res = await postLead(input, { 'user-agent': 'Mozilla/5.0 (iPhone) test' });
    expect(res.statusCode).toBe(201);
    expect(res.json().lead).toMatchObject({
      ...ids,
      status: 'new',
      source: 'website',
      stage: 'contact',
      data: { bookingOption: 'consultation', contactFormData: input.contactFormData },
    });
    const [row] = await t.database.db
      .select()
      .from(leads)
      .where(eq(leads.sessionId, ids.sessionId));
    expect(row).toMatchObject({
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
      medium: 'cpc',
      campaign: 'spring',
      referrer: 'https://www.google.com/',
      userAgent: 'Mozilla/5.0 (iPhone) test',
      ipAddress: '127.0.0.1',
    });
  });

  it('re-sending the same submission updates the one lead of the session', async () => {
    const ids = await newIds();
    const first = await postLead(makeLeadInput(ids));
    const again = await postLead(
      makeLeadInput(ids, { bookingOption: 'consultation', utm: { source: 'later' } }),
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().lead.id).toBe(first.json().lead.id);
    const rows = await t.database.db.select().from(leads).where(eq(leads.sessionId, ids.sessionId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ utmSource: 'google', data: { bookingOption: 'consultation' } });
  });

  it('refuses an unknown booking option with its message, and an unknown customer with 404', async () => {
    const ids = await newIds();
    const badOption = await postLead(makeLeadInput(ids, { bookingOption: 'teleport' }));
    expect(badOption.statusCode).toBe(400);
    expect(badOption.json().error.fields).toEqual({
      bookingOption: contactMessages.bookingOptionRequired,
    });

    const noOption = await postLead(makeLeadInput(ids, { bookingOption: '' }));
    expect(noOption.json().error.fields).toEqual({
      bookingOption: contactMessages.bookingOptionRequired,
    });

    const unknownCustomer = await postLead(makeLeadInput({ ...ids, customerId: randomUUID() }));
    expect(unknownCustomer.statusCode).toBe(404);
  });

  it('validates the contact data inside the lead with the form messages', async () => {
    const ids = await newIds();
    const input = makeLeadInput(ids);
    const res = await postLead({
      ...input,
      contactFormData: { ...input.contactFormData, phone: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      'contactFormData.phone': contactMessages.phoneInvalid,
    });
  });

  it('keeps the contact form as submitted on the session record (spec §3 formData)', async () => {
    const ids = await newIds();
    const formDataOf = async () => {
      const [row] = await t.database.db
        .select({ formData: sessions.formData })
        .from(sessions)
        .where(eq(sessions.id, ids.sessionId));
      return row?.formData;
    };
    const input = makeLeadInput(ids);
    expect((await postLead(input)).statusCode).toBe(201);
    expect(await formDataOf()).toEqual({ bookingOption: 'estimate', ...input.contactFormData });

    // a later submission of the session replaces it: the newest form is the one kept
    const changed = { ...input.contactFormData, firstName: 'Changed' };
    const again = makeLeadInput(ids, { bookingOption: 'consultation', contactFormData: changed });
    expect((await postLead(again)).statusCode).toBe(200);
    expect(await formDataOf()).toEqual({ bookingOption: 'consultation', ...changed });
  });

  it('answers a filled honeypot as if it worked and stores no lead', async () => {
    const ids = await newIds();
    const res = await postLead(makeLeadInput(ids, { website: 'buy now' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().lead.sessionId).toBe(ids.sessionId);
    const rows = await t.database.db.select().from(leads).where(eq(leads.sessionId, ids.sessionId));
    expect(rows).toHaveLength(0);
    const [session] = await t.database.db
      .select({ formData: sessions.formData })
      .from(sessions)
      .where(eq(sessions.id, ids.sessionId));
    expect(session?.formData ?? null).toBeNull();
  });
});
