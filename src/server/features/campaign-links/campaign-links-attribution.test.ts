import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attributionParamsOf } from '#shared/attribution/attribution.ts';
import { useAttributionApp } from '#tests/helpers/attribution-kit.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

describe('campaign links: a visit through one', () => {
  const kit = useAttributionApp();

  it("is attributed to the link's source, medium and campaign", async () => {
    const { app, database } = kit.t;
    const admin = await signInAs(app, (await createStaff(database.db, { role: 'admin' })).email);
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/campaign-links',
      headers: { cookie: admin, ...sameOrigin },
      payload: { name: 'Van', source: 'van', medium: 'offline', campaign: 'spring-2026' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = made.json().link.url as string;

    // the landing as the browser reports it (web/lib/attribution.ts): the page's own parameters
    const sessionId = randomUUID();
    const landed = await kit.capture(sessionId, {
      pageUrl: url,
      utmParams: attributionParamsOf(url),
    });
    expect(landed.statusCode, landed.body).toBe(200);
    expect(landed.json()).toMatchObject({ isNew: true, family: 'other_utm' });
    const { leadId } = await kit.contact(sessionId);
    const linked = await kit.post('/api/utm/link-lead', {
      utmTrackingId: landed.json().utmTrackingId,
      leadId,
    });
    expect(linked.statusCode, linked.body).toBe(200);

    const lead = await kit.leadDetail(leadId);
    expect(lead.attribution.firstTouch).toMatchObject({
      utmSource: 'van',
      utmMedium: 'offline',
      utmCampaign: 'spring-2026',
      landingPage: url,
    });
  });
});
