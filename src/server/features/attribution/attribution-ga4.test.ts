import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { leads, utmCaptures } from '#server/db/schema/index.ts';
import { attributionMessages } from './attribution.service';
import { adLanding, leadData, useAttributionApp } from '#tests/helpers/attribution-kit.ts';

describe('the GA4 lead event (POST /api/utm/send-ga4-event)', () => {
  const kit = useAttributionApp();
  const { post, capture, configureGa4, linkedLead, ga4Rows } = kit;

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
      const [lead] = await kit.t.database.db.select().from(leads).where(eq(leads.id, leadId));
      expect(lead?.data).toMatchObject({
        adConsent: true,
        adConsentReason: 'setting_on',
        gaClientId: '1234567890.1763900000',
      });
      const [row] = await kit.t.database.db
        .select()
        .from(utmCaptures)
        .where(eq(utmCaptures.id, utmTrackingId));
      expect(row?.ga4SentAt).toEqual(kit.t.clock.now);
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
        const [lead] = await kit.t.database.db.select().from(leads).where(eq(leads.id, leadId));
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
        const lead = await kit.t.app.inject({
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
