import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import {
  createBookingTestApp,
  setSetting,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { messageDeliveries } from '#server/db/schema/index.ts';

// The app and the customer's steps the attribution tests share (attribution.test.ts: capture and
// link-lead; attribution-ga4.test.ts: the GA4 lead event).

export const adLanding = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'winter-tint',
  gclid: 'TEST123',
};
export const page =
  'https://tint.example/?utm_source=google&utm_medium=cpc&utm_campaign=winter-tint';
export const leadData = { email: 'someone@example.com', phone: '0412 345 678', firstName: 'Ada' };

/** A booking test app with a staff member, made before the file's tests and closed after them. */
export function useAttributionApp() {
  let t: BookingTestApp;
  let staffEmail: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    staffEmail = (await createStaff(t.database.db, { displayName: 'Ari Staff' })).email;
    // every session here is a person of its own, though they share leadData's phone (ADR 043)
    await setSetting(t.database.db, 'returning_lead_days', 0);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const capture = (sessionId: string, body: object = {}, headers: Record<string, string> = {}) =>
    post('/api/utm/capture', { sessionId, pageUrl: page, ...body }, headers);

  /** The Contact step of this session, as the browser sends it; the lead's id. */
  async function contact(sessionId: string, email = `ada.${sessionId.slice(0, 8)}@example.com`) {
    const customer = await post(
      '/api/customers',
      makeCustomerInput({ sessionId, email, phone: leadData.phone }),
    );
    const customerId = customer.json().customer.id as string;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${sessionId}/link-customer`,
      payload: { customerId },
    });
    const lead = await post('/api/leads', makeLeadInput({ sessionId, customerId }, { utm: {} }));
    expect(lead.statusCode, lead.body).toBe(201);
    return { leadId: lead.json().lead.id as string, customerId, email };
  }

  const leadDetail = async (leadId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${leadId}`,
      headers: { cookie: await signInAs(t.app, staffEmail), ...sameOrigin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lead;
  };

  async function configureGa4(enabled?: boolean) {
    const writes = [
      { key: 'ga4_measurement_id', value: 'G-TEST1234', category: 'analytics', isSecret: false },
      {
        key: 'ga4_api_secret',
        value: randomUUID().replaceAll('-', ''),
        category: 'analytics',
        isSecret: true,
      },
      ...(enabled === undefined
        ? []
        : [{ key: 'ad_tracking_enabled', value: enabled, category: 'analytics', isSecret: false }]),
    ];
    await saveSettings(t.database.db, writes, t.app.settingSecrets);
  }

  async function linkedLead() {
    const sessionId = randomUUID();
    const landed = (await capture(sessionId, { utmParams: adLanding })).json();
    const lead = await contact(sessionId);
    await post('/api/utm/link-lead', { utmTrackingId: landed.utmTrackingId, leadId: lead.leadId });
    return { ...lead, utmTrackingId: landed.utmTrackingId as string };
  }
  const ga4Rows = (leadId: string) =>
    t.database.db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.leadId, leadId), eq(messageDeliveries.channel, 'ga4')));

  return {
    get t() {
      return t;
    },
    post,
    capture,
    contact,
    leadDetail,
    configureGa4,
    linkedLead,
    ga4Rows,
  };
}
