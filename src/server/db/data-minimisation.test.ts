import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { activities, journeys, leads, sessions, utmCaptures } from '#server/db/schema/index.ts';
import { minimisePersonalData } from './data-minimisation';

// A frozen clock: "now" is fixed, and rows are dated 91 and 89 days before it.
const now = new Date('2026-11-24T00:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const adPage = 'https://tint.example/?utm_source=google&gclid=TEST123&utm_campaign=w&wbraid=W1';

describe('data minimisation after 90 days (APP 11)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => now });
  });
  afterAll(() => t.close());

  async function seed(createdAt: Date, ipAddress: string) {
    const db = t.database.db;
    const sessionId = randomUUID();
    await db.insert(sessions).values({
      id: sessionId,
      utmData: { source: 'google', gclid: 'TEST123' },
      createdAt,
      lastActivity: createdAt,
    });
    const [lead] = await db
      .insert(leads)
      .values({
        sessionId,
        utmSource: 'google',
        landingPage: adPage,
        ipAddress,
        data: { clickIds: { gclid: 'TEST123' }, bookingOption: 'estimate' },
        createdAt,
      })
      .returning();
    const [capture] = await db
      .insert(utmCaptures)
      .values({
        sessionId,
        leadId: lead!.id,
        family: 'google_ads',
        utmSource: 'google',
        gclid: 'TEST123',
        wbraid: 'W1',
        fbclid: 'F1',
        gbraidid: 'G1',
        gadSource: '1',
        gadCampaignId: '99',
        pageUrl: adPage,
        ipAddress,
        createdAt,
      })
      .returning();
    const [activity] = await db
      .insert(activities)
      .values({ sessionId, action: 'page_view', pageUrl: adPage, ipAddress, timestamp: createdAt })
      .returning();
    const [journey] = await db
      .insert(journeys)
      .values({ sessionId, landingPage: adPage, startTime: createdAt })
      .returning();
    return {
      sessionId,
      leadId: lead!.id,
      captureId: capture!.id,
      activityId: activity!.id,
      journeyId: journey!.id,
    };
  }

  async function read(ids: Awaited<ReturnType<typeof seed>>) {
    const db = t.database.db;
    const [session] = await db.select().from(sessions).where(eq(sessions.id, ids.sessionId));
    const [lead] = await db.select().from(leads).where(eq(leads.id, ids.leadId));
    const [capture] = await db.select().from(utmCaptures).where(eq(utmCaptures.id, ids.captureId));
    const [activity] = await db.select().from(activities).where(eq(activities.id, ids.activityId));
    const [journey] = await db.select().from(journeys).where(eq(journeys.id, ids.journeyId));
    return { session, lead, capture, activity, journey };
  }

  it('removes click ids and truncates addresses older than 90 days, and nothing newer', async () => {
    const old4 = await seed(daysAgo(91), '203.0.113.77');
    const old6 = await seed(daysAgo(91), '2001:db8:abcd:12:34::1');
    const recent = await seed(daysAgo(89), '198.51.100.23');

    const first = await minimisePersonalData(t.database.db, now);
    expect(first).toEqual({ utmCaptures: 2, leads: 2, activities: 2, sessions: 2, journeys: 2 });

    const cleanPage = 'https://tint.example/?utm_source=google&utm_campaign=w';
    const v4 = await read(old4);
    expect(v4.capture).toMatchObject({
      gclid: null,
      gbraidid: null,
      wbraid: null,
      fbclid: null,
      gadSource: null,
      gadCampaignId: null,
      ipAddress: '203.0.113.0',
      pageUrl: cleanPage,
      // the business's own report stays
      utmSource: 'google',
      family: 'google_ads',
    });
    expect(v4.lead).toMatchObject({
      ipAddress: '203.0.113.0',
      landingPage: cleanPage,
      utmSource: 'google',
    });
    expect(v4.lead?.data).toEqual({ bookingOption: 'estimate' });
    expect(v4.activity).toMatchObject({ ipAddress: '203.0.113.0', pageUrl: cleanPage });
    expect(v4.session?.utmData).toEqual({ source: 'google' });
    expect(v4.journey?.landingPage).toBe(cleanPage);

    const v6 = await read(old6);
    expect(v6.capture?.ipAddress).toBe('2001:db8:abcd::');
    expect(v6.lead?.ipAddress).toBe('2001:db8:abcd::');
    expect(v6.activity?.ipAddress).toBe('2001:db8:abcd::');

    const kept = await read(recent);
    expect(kept.capture).toMatchObject({
      gclid: 'TEST123',
      ipAddress: '198.51.100.23',
      pageUrl: adPage,
    });
    expect(kept.lead).toMatchObject({ ipAddress: '198.51.100.23', landingPage: adPage });
    expect(kept.lead?.data).toMatchObject({ clickIds: { gclid: 'TEST123' } });
    expect(kept.session?.utmData).toEqual({ source: 'google', gclid: 'TEST123' });

    // a second run finds nothing left to do
    expect(await minimisePersonalData(t.database.db, now)).toEqual({
      utmCaptures: 0,
      leads: 0,
      activities: 0,
      sessions: 0,
      journeys: 0,
    });
  });

  it('leaves text that is not an address as it is', async () => {
    const odd = await seed(daysAgo(120), 'unknown');
    await minimisePersonalData(t.database.db, now);
    expect((await read(odd)).lead?.ipAddress).toBe('unknown');
  });
});
