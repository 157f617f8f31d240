import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { createBookingTestApp, type BookingTestApp } from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { utmMessages } from '#shared/attribution/utm.contract.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { leads, messageDeliveries, utmCaptures } from '#server/db/schema/index.ts';
import { attributionMessages } from './attribution.service';

const adLanding = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'winter-tint',
  gclid: 'TEST123',
};
const page = 'https://tint.example/?utm_source=google&utm_medium=cpc&utm_campaign=winter-tint';

describe('UTM capture, link-lead and the GA4 lead event', () => {
  let t: BookingTestApp;
  let staffEmail: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    staffEmail = (await createStaff(t.database.db, { displayName: 'Ari Staff' })).email;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const capture = (sessionId: string, body: object = {}, headers: Record<string, string> = {}) =>
    post('/api/utm/capture', { sessionId, pageUrl: page, ...body }, headers);

  /** The Contact step of this session, as the browser sends it; the lead's id. */
  async function contact(sessionId: string, email = `ada.${sessionId.slice(0, 8)}@example.com`) {
    const customer = await post('/api/customers', makeCustomerInput({ sessionId, email }));
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

  it('captures a landing once per session and says a repeat is not new', async () => {
    const sessionId = randomUUID();
    const first = await capture(sessionId, { utmParams: adLanding });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      isNew: true,
      shouldSendGA4: false,
      family: 'google_ads',
    });
    const again = await capture(sessionId, {
      utmParams: { ...adLanding },
      pageUrl: `${page}&x=1`,
    });
    expect(again.json()).toMatchObject({ isNew: false, utmTrackingId: first.json().utmTrackingId });
    const other = await capture(sessionId, { utmParams: { utm_source: 'newsletter' } });
    expect(other.json()).toMatchObject({ isNew: true, family: 'other_utm' });
    expect(other.json().utmTrackingId).not.toBe(first.json().utmTrackingId);
    const rows = await t.database.db
      .select()
      .from(utmCaptures)
      .where(eq(utmCaptures.sessionId, sessionId));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.gclid)).toMatchObject({
      utmSource: 'google',
      gclid: 'TEST123',
      family: 'google_ads',
      createdAt: t.clock.now,
    });
  });

  it.each([
    ['https://www.google.com.au/', 'organic'],
    ['https://l.facebook.com/', 'social'],
    ['https://blog.example.org/tinting', 'referral'],
    [undefined, 'direct'],
  ])('classifies a visit without parameters from referrer %s as %s', async (referrer, family) => {
    const res = await capture(randomUUID(), { ...(referrer && { referrer }) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().family).toBe(family);
  });

  it('answers bad input with a clear 400, never a 500', async () => {
    const cases: [unknown, string | undefined][] = [
      [{ sessionId: 'nope' }, utmMessages.sessionId],
      [{ sessionId: randomUUID(), utmParams: { gclid: 'x'.repeat(501) } }, utmMessages.value],
      [
        { sessionId: randomUUID(), pageUrl: `https://a.example/${'p'.repeat(2001)}` },
        utmMessages.url,
      ],
      [{ sessionId: randomUUID(), utmParams: { utm_source: 42 } }, undefined],
      [{ sessionId: randomUUID(), utmParams: { evil: 'x' } }, undefined],
      [{ sessionId: randomUUID(), referrer: 'a\u0000b' }, undefined],
      [[1, 2, 3], undefined],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/utm/capture', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBeTruthy();
      if (message) expect(res.body).toContain(message);
    }
    for (const url of ['/api/utm/link-lead', '/api/utm/send-ga4-event']) {
      const res = await post(url, { utmTrackingId: 'x', leadId: 'y' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(utmMessages.utmTrackingId);
    }
    const badClient = await post('/api/utm/send-ga4-event', {
      utmTrackingId: randomUUID(),
      clientId: 'GA1.1.abc',
    });
    expect(badClient.statusCode).toBe(400);
    expect(badClient.body).toContain(utmMessages.clientId);
  });

  it('links the landings to the lead and fills its source, medium, campaign and click ids', async () => {
    const sessionId = randomUUID();
    const landed = (await capture(sessionId, { utmParams: adLanding })).json();
    const { leadId } = await contact(sessionId);
    const linked = await post('/api/utm/link-lead', {
      utmTrackingId: landed.utmTrackingId,
      leadId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ success: true, linked: 1 });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({
      source: 'google',
      medium: 'cpc',
      campaign: 'winter-tint',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'winter-tint',
      data: expect.objectContaining({
        attributionFamily: 'google_ads',
        clickIds: { gclid: 'TEST123' },
      }),
    });
    const detail = await leadDetail(leadId);
    const touch = {
      family: 'google_ads',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'winter-tint',
      gclid: 'TEST123',
    };
    expect(detail.attribution).toMatchObject({ firstTouch: touch, lastTouch: touch });

    // later, the same visitor comes back from the newsletter: last touch only changes
    t.advance(60 * 24 * 3);
    const later = await capture(sessionId, { utmParams: { utm_source: 'newsletter' } });
    expect(later.json().isNew).toBe(true);
    const after = await leadDetail(leadId);
    expect(after.attribution.firstTouch).toMatchObject(touch);
    expect(after.attribution.lastTouch).toMatchObject({
      family: 'other_utm',
      utmSource: 'newsletter',
      gclid: null,
    });
  });

  it("refuses to link another session's lead or an unknown capture (404)", async () => {
    const mine = randomUUID();
    const landed = (await capture(mine, { utmParams: adLanding })).json();
    const theirs = await contact(randomUUID());
    const wrongLead = await post('/api/utm/link-lead', {
      utmTrackingId: landed.utmTrackingId,
      leadId: theirs.leadId,
    });
    expect(wrongLead.statusCode).toBe(404);
    expect(wrongLead.json().error.message).toBe(attributionMessages.leadNotFound);
    const unknown = await post('/api/utm/link-lead', {
      utmTrackingId: randomUUID(),
      leadId: theirs.leadId,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(attributionMessages.captureNotFound);
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, theirs.leadId));
    expect(lead?.source).toBe('website');
  });

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
  const leadData = { email: 'someone@example.com', phone: '0412 345 678', firstName: 'Ada' };

  it('says so and queues nothing when GA4 is not configured; 409 before link-lead', async () => {
    const sessionId = randomUUID();
    const landed = (await capture(sessionId, { utmParams: adLanding })).json();
    const early = await post('/api/utm/send-ga4-event', {
      utmTrackingId: landed.utmTrackingId,
      leadData,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(attributionMessages.notLinked);
    const { leadId, utmTrackingId } = await linkedLead();
    const res = await post('/api/utm/send-ga4-event', {
      utmTrackingId,
      clientId: '111.222',
      leadData,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, error: attributionMessages.notConfigured });
    expect(await ga4Rows(leadId)).toEqual([]);
  });

  describe('with GA4 configured', () => {
    beforeAll(() => configureGa4());

    it('queues generate_lead once with hashed e-mail and phone and the _ga client id', async () => {
      const { leadId, utmTrackingId, email } = await linkedLead();
      const sessionId = randomUUID();
      const shown = await capture(sessionId, { utmParams: adLanding });
      expect(shown.json().shouldSendGA4).toBe(true);
      const send = () =>
        post(
          '/api/utm/send-ga4-event',
          { utmTrackingId, clientId: '999.888', leadData },
          { cookie: '_ga=GA1.1.1234567890.1763900000' },
        );
      const res = await send();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, error: null });
      expect((await send()).json()).toEqual({ success: true, error: null });
      const rows = await ga4Rows(leadId);
      expect(rows).toHaveLength(1);
      const payload = rows[0]!.payload as Record<string, unknown>;
      const sha = (text: string) => createHash('sha256').update(text).digest('hex');
      expect(payload).toMatchObject({
        clientId: '1234567890.1763900000',
        events: [expect.objectContaining({ name: 'generate_lead' })],
        userData: {
          sha256_email_address: [sha(email)],
          sha256_phone_number: [sha('+61412345678')],
        },
      });
      expect(JSON.stringify(payload)).not.toContain(email);
      expect(JSON.stringify(payload)).not.toContain('412345678');
      const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
      expect(lead?.data).toMatchObject({
        adConsent: true,
        adConsentReason: 'setting_on',
        gaClientId: '1234567890.1763900000',
      });
      const [row] = await t.database.db
        .select()
        .from(utmCaptures)
        .where(eq(utmCaptures.id, utmTrackingId));
      expect(row?.ga4SentAt).toEqual(t.clock.now);
    });

    it.each<Record<string, string>>([{ 'sec-gpc': '1' }, { dnt: '1' }])(
      'records no consent and queues nothing when the browser sends %o',
      async (headers) => {
        const { leadId, utmTrackingId } = await linkedLead();
        const shown = await capture(randomUUID(), { utmParams: adLanding }, headers);
        expect(shown.json().shouldSendGA4).toBe(false);
        const res = await post(
          '/api/utm/send-ga4-event',
          { utmTrackingId, clientId: '111.222', leadData },
          headers,
        );
        expect(res.json()).toEqual({ success: false, error: attributionMessages.optedOut });
        expect(await ga4Rows(leadId)).toEqual([]);
        const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, leadId));
        expect(lead?.data).toMatchObject({ adConsent: false, adConsentReason: 'browser_opt_out' });
      },
    );

    it('sends nothing when the business turned ad tracking off', async () => {
      await configureGa4(false);
      try {
        const { leadId, utmTrackingId } = await linkedLead();
        const res = await post('/api/utm/send-ga4-event', {
          utmTrackingId,
          clientId: '111.222',
          leadData,
        });
        expect(res.json()).toEqual({ success: false, error: attributionMessages.disabled });
        expect(await ga4Rows(leadId)).toEqual([]);
        // nor does the contact step's own generate_lead, even with a _ga cookie
        const sessionId = randomUUID();
        const customer = await post('/api/customers', makeCustomerInput({ sessionId }));
        const lead = await t.app.inject({
          method: 'POST',
          url: '/api/leads',
          payload: makeLeadInput({ sessionId, customerId: customer.json().customer.id }),
          headers: { cookie: '_ga=GA1.1.5.6' },
        });
        expect(await ga4Rows(lead.json().lead.id)).toEqual([]);
      } finally {
        await configureGa4(true);
      }
    });
  });
});

describe('UTM routes rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_MAX: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with a clear message once an address sends too many', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/utm/capture',
        payload: { sessionId: randomUUID() },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.message).toBeTruthy();
    }
    expect(codes).toEqual([200, 200, 429]);
  });
});
