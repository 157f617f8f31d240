import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { attributionParamsOf } from '#shared/attribution/attribution.ts';
import type { CampaignLinkStats } from '#shared/admin/campaign-links.contract.ts';
import { useAttributionApp } from '#tests/helpers/attribution-kit.ts';
import { at, holdAndBook } from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// The dashboard's figures of each saved link: visits, leads and bookings through it, in a range.
// The app's clock is Monday 23 November 2026, 09:00 in Melbourne (booking-flows.ts).

const stats = '/api/dashboard/campaign-links';
const van = { name: 'Van', source: 'van', medium: 'offline', campaign: 'spring-2026' };
const panes = [1, 2, 3, 4, 5].map(() => ({ length: 1000, width: 1000, sqm: 1 }));

describe('campaign links: the dashboard figures', () => {
  const kit = useAttributionApp();
  const as = async (role: 'admin' | 'staff') =>
    signInAs(kit.t.app, (await createStaff(kit.t.database.db, { role })).email);
  const get = (url: string, cookie?: string) =>
    kit.t.app.inject({ method: 'GET', url, headers: cookie ? { cookie, ...sameOrigin } : {} });

  async function saveLink(cookie: string, link: typeof van) {
    const res = await kit.t.app.inject({
      method: 'POST',
      url: '/api/admin/campaign-links',
      headers: { cookie, ...sameOrigin },
      payload: link,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().link as { id: string; url: string };
  }

  /** A visit landing on `url`; with `lead`, its Contact step; with `booking`, a booked slot too. */
  async function visit(url: string, then: { lead?: boolean; booking?: string } = {}) {
    const sessionId = randomUUID();
    const landed = await kit.capture(sessionId, {
      pageUrl: url,
      utmParams: attributionParamsOf(url),
    });
    expect(landed.statusCode, landed.body).toBe(200);
    if (!then.lead && !then.booking) return;
    const { leadId } = await kit.contact(sessionId);
    const linked = await kit.post('/api/utm/link-lead', {
      utmTrackingId: landed.json().utmTrackingId,
      leadId,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    if (!then.booking) return;
    const details = { glassCount: panes.length, painPoint: 'uv-privacy', measurements: panes };
    const app = kit.t.app;
    const put = await app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/details`,
      payload: details,
    });
    expect(put.statusCode, put.body).toBe(200);
    const priced = await kit.post('/api/estimates', { sessionId, ...details });
    expect(priced.statusCode, priced.body).toBe(200);
    return holdAndBook(app, sessionId, then.booking);
  }

  it('counts the visits, leads and bookings through each saved link in the range', async () => {
    const { clock } = kit.t;
    const admin = await as('admin');
    const link = await saveLink(admin, van);
    const other = await saveLink(admin, { ...van, name: 'Flyer', source: 'flyer' });
    const base = new URL(link.url);

    // the day before the range (Sunday 22 November): a visit with a lead, not counted
    clock.now = new Date('2026-11-22T10:00:00+11:00');
    await visit(link.url, { lead: true });
    // in the range (Monday 23 November, today): three visits, two leads, one of them booked and
    // one booking cancelled (not counted), and visits with other tags
    clock.now = new Date('2026-11-23T09:00:00+11:00');
    await visit(link.url);
    await visit(link.url, { lead: true });
    const booked = await visit(link.url, { booking: at('2026-11-25', '10:00') });
    const cancelled = await visit(link.url, { booking: at('2026-11-25', '11:00') });
    const cancel = await kit.post(`/api/manage/${cancelled!.manageToken}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(booked!.booking.id).toBeTruthy();
    for (const tags of [
      { utm_campaign: 'autumn-2027' },
      { utm_medium: 'print' },
      { utm_source: 'van2' },
    ]) {
      const elsewhere = new URL(base);
      for (const [key, value] of Object.entries(tags)) elsewhere.searchParams.set(key, value);
      await visit(elsewhere.toString(), { lead: true });
    }

    const staff = await as('staff');
    const res = await get(`${stats}?from=2026-11-23&to=2026-11-23`, staff);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CampaignLinkStats;
    expect(body.range).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    // newest first, each with its figures
    expect(body.links.map((l) => l.id).slice(0, 2)).toEqual([other.id, link.id]);
    expect(body.links[1]).toEqual({ id: link.id, ...van, visits: 4, leads: 3, bookings: 1 });
    expect(body.links[0]).toMatchObject({ visits: 0, leads: 0, bookings: 0 });

    // the default range (the last 7 days to today) takes Sunday's visit and lead too
    const week = (await get(stats, staff)).json() as CampaignLinkStats;
    expect(week.range).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(week.links.find((l) => l.id === link.id)).toMatchObject({ visits: 5, leads: 4 });
    const before = (await get(`${stats}?from=2026-11-22&to=2026-11-22`, admin)).json();
    expect(before.links.find((l: { id: string }) => l.id === link.id)).toMatchObject({
      visits: 1,
      leads: 1,
      bookings: 0,
    });
  });

  it('is for signed-in staff only, and refuses bad ranges', async () => {
    expect((await get(stats)).statusCode).toBe(401);
    const staff = await as('staff');
    const backwards = await get(`${stats}?from=2026-11-23&to=2026-11-22`, staff);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end date must be on or after the start date.');
    const long = await get(`${stats}?from=2025-01-01&to=2026-11-23`, staff);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Choose at most 366 days.');
  });
});
