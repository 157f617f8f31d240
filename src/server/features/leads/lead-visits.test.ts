import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  setSetting,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import type { CustomerInput } from '#shared/contact/contact.contract.ts';
import {
  bookings,
  customers,
  leads,
  messageDeliveries,
  sessions,
  utmCaptures,
} from '#server/db/schema/index.ts';

const monday = '2026-11-30';
const dayMs = 86_400_000;

// ADR 043: a returning customer's contact submission continues their open lead.
describe('a returning customer continues their open lead', () => {
  let t: BookingTestApp;
  let staff: string;
  let admin: string;
  let staffEmail: string;
  let adminEmail: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    staffEmail = (await createStaff(t.database.db, { displayName: 'Kai' })).email;
    adminEmail = (await createStaff(t.database.db, { role: 'admin' })).email;
    staff = await signInAs(t.app, staffEmail);
    admin = await signInAs(t.app, adminEmail);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const staffCall = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: staff, ...sameOrigin },
      ...(payload && { payload }),
    });
  const detail = async (leadId: string) => {
    const res = await staffCall('GET', `/api/leads/${leadId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lead;
  };

  /** The Contact step of a new browser session, as the browser sends it. */
  async function visit(person: Partial<CustomerInput>, utm = { source: 'google' }) {
    const typed = makeCustomerInput(person);
    const { firstName, lastName, email, phone, address } = typed;
    const { leadStatus, ...made } = await completeContactStep(t.app, typed, {
      contactFormData: { firstName, lastName, email, phone, address },
      utm,
    });
    expect(leadStatus).toBe(201);
    return made;
  }
  const newLeadMessages = (leadId: string) =>
    t.database.db.$count(
      messageDeliveries,
      and(eq(messageDeliveries.leadId, leadId), eq(messageDeliveries.kind, 'business_new_lead')),
    );
  const email = () => `back.${randomUUID().slice(0, 8)}@example.com`;

  it('continues the lead for the same e-mail: no second lead or "New lead" e-mail, a "Came back" entry, the visit as last touch', async () => {
    const who = { email: email(), firstName: 'Sam', lastName: 'Lee' };
    const first = await visit(who);
    await t.database.db.insert(utmCaptures).values({
      sessionId: first.sessionId,
      leadId: first.leadId,
      family: 'google_ads',
      createdAt: t.clock.now,
    });
    expect(await newLeadMessages(first.leadId)).toBe(1);
    t.advance(24 * 60);
    staff = await signInAs(t.app, staffEmail); // a day later: a new staff session
    admin = await signInAs(t.app, adminEmail);
    const leadsBefore = await t.database.db.$count(leads);
    // the next day, another device: the same e-mail, another name and phone and a Facebook ad
    const second = await visit(
      { email: who.email, firstName: 'Samuel', lastName: 'Lee', phone: '0498 765 432' },
      { source: 'facebook' },
    );
    // the visit's landing, captured as the browser does once the contact step is sent
    const captured = await post('/api/utm/capture', {
      sessionId: second.sessionId,
      pageUrl: 'https://tint.example/?utm_source=facebook&utm_medium=paid&fbclid=FB1',
      utmParams: { utm_source: 'facebook', utm_medium: 'paid', fbclid: 'FB1' },
    });
    expect(captured.statusCode, captured.body).toBeLessThan(300);

    expect(second.leadId).toBe(first.leadId);
    expect(await t.database.db.$count(leads)).toBe(leadsBefore);
    expect(await newLeadMessages(first.leadId)).toBe(1);
    // the visitor is answered with what they typed, as a new lead would be, never the stored one
    expect(second.lead).toMatchObject({
      customerId: second.customerId,
      sessionId: second.sessionId,
      stage: 'contact',
      data: { contactFormData: { firstName: 'Samuel', phone: '0498 765 432' } },
    });
    expect(JSON.stringify(second.lead)).not.toContain('Sam"');
    const [session] = await t.database.db
      .select({ customerData: sessions.customerData })
      .from(sessions)
      .where(eq(sessions.id, second.sessionId));
    expect(session?.customerData).toMatchObject({ firstName: 'Samuel', phone: '+61498765432' });

    const lead = await detail(first.leadId);
    // the stored customer is unchanged; the visit keeps what was typed, its differences shown
    expect(lead.customer).toMatchObject({ firstName: 'Sam', email: who.email });
    expect(lead.visits).toHaveLength(1);
    expect(lead.visits[0]).toMatchObject({
      typed: { name: 'Samuel Lee', email: who.email, phone: '+61498765432' },
      acceptedAt: null,
      source: 'facebook',
    });
    expect(lead.visits[0].differences.map((d: { field: string }) => d.field)).toEqual([
      'name',
      'phone',
    ]);
    const cameBack = lead.timeline.filter((e: { kind: string }) => e.kind === 'came_back');
    expect(cameBack).toHaveLength(1);
    expect(cameBack[0]).toMatchObject({
      text: 'Came back (new name, phone)',
      by: { kind: 'customer' },
      at: t.clock.now.toISOString(),
    });
    expect(lead.attribution.firstTouch).toMatchObject({ family: 'google_ads' });
    expect(lead.attribution.lastTouch).toMatchObject({ family: 'meta_ads', utmSource: 'facebook' });

    const list = (await staffCall('GET', `/api/leads?q=${encodeURIComponent(who.email)}`)).json();
    expect(list.leads).toHaveLength(1);
    expect(list.leads[0]).toMatchObject({
      id: first.leadId,
      returnedAt: t.clock.now.toISOString(),
    });

    // a re-sent submission of the visit (the offline queue) is the same visit
    const again = await post(
      '/api/leads',
      makeLeadInput({ sessionId: second.sessionId, customerId: second.customerId }),
    );
    expect(again.statusCode).toBe(200);
    expect((await detail(first.leadId)).visits).toHaveLength(1);
  });

  it('continues the lead for the same phone typed another way, with another e-mail', async () => {
    const first = await visit({ email: email(), phone: '0411 222 333' });
    const second = await visit({ email: email(), phone: '+61 411 222 333' });
    expect(second.leadId).toBe(first.leadId);
    expect(await newLeadMessages(first.leadId)).toBe(1);
    const lead = await detail(first.leadId);
    expect(lead.visits[0].differences.map((d: { field: string }) => d.field)).toEqual(['email']);
  });

  it('lets staff accept the details a visitor typed; the stored customer changes only then', async () => {
    const who = { email: email(), firstName: 'Jo', phone: '0433 100 200' };
    const first = await visit(who);
    await visit({ email: who.email, firstName: 'Joanne', phone: '0433 999 888' });
    const [before] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, first.customerId));
    expect(before).toMatchObject({ firstName: 'Jo', phone: '+61433100200' });

    const visitId = (await detail(first.leadId)).visits[0].id as string;
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/leads/${first.leadId}/visits/${visitId}/accept`,
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await staffCall(
      'POST',
      `/api/leads/${first.leadId}/visits/${randomUUID()}/accept`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Visit not found.');
    const bad = await staffCall('POST', `/api/leads/${first.leadId}/visits/nope/accept`);
    expect(bad.statusCode).toBe(400);

    const accepted = await staffCall('POST', `/api/leads/${first.leadId}/visits/${visitId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const lead = accepted.json().lead;
    expect(lead.customer).toMatchObject({ firstName: 'Joanne', phone: '+61433999888' });
    expect(lead.visits[0]).toMatchObject({ acceptedBy: 'Kai', differences: [] });
    const logged = lead.timeline.find(
      (e: { kind: string }) => e.kind === 'contact_details_accepted',
    );
    expect(logged).toMatchObject({
      text: 'Contact details from a later visit accepted',
      by: { kind: 'staff', name: 'Kai' },
    });
  });

  it('starts a new lead when the open one is won, lost or older than the setting', async () => {
    const who = { email: email() };
    const won = await visit(who);
    const res = await staffCall('PATCH', `/api/leads/${won.leadId}`, { stage: 'won' });
    expect(res.statusCode, res.body).toBe(200);
    const afterWon = await visit(who);
    expect(afterWon.leadId).not.toBe(won.leadId);
    expect(await newLeadMessages(afterWon.leadId)).toBe(1);

    const lost = await staffCall('PATCH', `/api/leads/${afterWon.leadId}`, {
      stage: 'lost',
      lostReason: 'Went elsewhere',
    });
    expect(lost.statusCode, lost.body).toBe(200);
    const afterLost = await visit(who);
    expect([won.leadId, afterWon.leadId]).not.toContain(afterLost.leadId);

    // 30 days is the setting: a lead of 31 days ago is not continued, one of 29 days ago is
    await setSetting(t.database.db, 'returning_lead_days', 30);
    try {
      const old = new Date(t.clock.now.getTime() - 31 * dayMs);
      await t.database.db
        .update(leads)
        .set({ createdAt: old })
        .where(eq(leads.id, afterLost.leadId));
      const afterOld = await visit(who);
      expect(afterOld.leadId).not.toBe(afterLost.leadId);
      const recent = new Date(t.clock.now.getTime() - 29 * dayMs);
      await t.database.db
        .update(leads)
        .set({ createdAt: recent })
        .where(eq(leads.id, afterOld.leadId));
      expect((await visit(who)).leadId).toBe(afterOld.leadId);
    } finally {
      await setSetting(t.database.db, 'returning_lead_days', 90);
    }
  });

  it('puts the booking the visitor makes on the continued lead, for the person who typed it', async () => {
    const who = { email: email() };
    const first = await visit(who);
    const second = await visit({ ...who, firstName: 'Robin' });
    const details = { glassCount: 2, painPoint: 'uv-privacy', measurements: [] };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${second.sessionId}/details`,
      payload: {
        ...details,
        measurements: [1, 2].map(() => ({ length: 1000, width: 1000, sqm: 1 })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { booking } = await holdAndBook(t.app, second.sessionId, at(monday, '10:00'));
    const [row] = await t.database.db
      .select({ leadId: bookings.leadId, customerId: bookings.customerId })
      .from(bookings)
      .where(eq(bookings.id, booking.id));
    expect(row).toEqual({ leadId: first.leadId, customerId: second.customerId });
    const lead = await detail(first.leadId);
    expect(lead.stage).toBe('booked');
    expect(lead.bookings).toHaveLength(1);
  });

  it('never continues an erased person’s lead', async () => {
    const who = { email: email(), phone: '0455 321 654' };
    const first = await visit(who);
    const erased = await t.app.inject({
      method: 'POST',
      url: `/api/admin/privacy/customers/${first.customerId}/erase`,
      headers: { cookie: admin, ...sameOrigin },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const again = await visit(who);
    expect(again.leadId).not.toBe(first.leadId);
    expect(await newLeadMessages(again.leadId)).toBe(1);
  });
});
