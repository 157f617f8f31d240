import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { utmMessages } from '#shared/attribution/utm.contract.ts';
import { leads, utmCaptures } from '#server/db/schema/index.ts';
import { attributionMessages } from './attribution.service';
import { adLanding, page, useAttributionApp } from '#tests/helpers/attribution-kit.ts';

describe('UTM capture and link-lead', () => {
  const kit = useAttributionApp();
  const { post, capture, contact, leadDetail } = kit;

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
    const rows = await kit.t.database.db
      .select()
      .from(utmCaptures)
      .where(eq(utmCaptures.sessionId, sessionId));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.gclid)).toMatchObject({
      utmSource: 'google',
      gclid: 'TEST123',
      family: 'google_ads',
      createdAt: kit.t.clock.now,
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
    const [lead] = await kit.t.database.db.select().from(leads).where(eq(leads.id, leadId));
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
    kit.t.advance(60 * 24 * 3);
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
    const [lead] = await kit.t.database.db.select().from(leads).where(eq(leads.id, theirs.leadId));
    expect(lead?.source).toBe('website');
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
