import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { dashboardNow, seedDashboardFigures } from '#tests/helpers/dashboard-seed.ts';

// The figures below are counted by hand from dashboard-test-seed.ts (its comments say which lead
// is which). The range 4–5 October spans Melbourne's DST change (a day of 23 hours).
const minutes = (n: number) => n * 60_000;

describe('GET /api/dashboard', () => {
  let t: TestApp;
  let cookie: string;

  const get = (query: string, withCookie = true) =>
    t.app.inject({
      method: 'GET',
      url: `/api/dashboard${query}`,
      headers: withCookie ? { cookie, ...sameOrigin } : {},
    });
  const dashboard = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardResponse;
  };
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => dashboardNow });
    cookie = await signInAs(t.app, (await createStaff(t.database.db)).email);
    await seedDashboardFigures(t.database.db);
  });
  afterAll(() => t.close());

  it('is refused to anonymous callers', async () => {
    expect((await get('?from=2026-10-04&to=2026-10-05', false)).statusCode).toBe(401);
  });

  it('refuses bad ranges with a message', async () => {
    for (const [query, message] of [
      ['?from=2026-13-01', 'Use a date like 2026-11-23 (YYYY-MM-DD).'],
      ['?from=2026-10-05&to=2026-10-04', 'The end date must be on or after the start date.'],
      ['?from=2025-01-01&to=2026-10-05', 'Choose at most 366 days.'],
      ['?from=9999-12-31&to=9999-12-31', 'Choose a date between 2000 and 2099.'],
      ['?from=0000-01-01', 'Choose a date between 2000 and 2099.'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(message);
    }
  });

  it('counts the funnel across the DST change, beside the previous period', async () => {
    const body = await dashboard('?from=2026-10-04&to=2026-10-05&compare=previous');
    expect(body.range).toEqual({ from: '2026-10-04', to: '2026-10-05', days: 2 });
    expect(body.previousRange).toEqual({ from: '2026-10-02', to: '2026-10-03' });
    const counts = body.funnel.steps.map((s) => [s.step, s.count.current, s.count.previous]);
    expect(counts).toEqual([
      ['visitors', 8, 3],
      ['contact', 5, 2],
      // before: P1 gave details; P2 booked (then cancelled), so it passed every step to booked
      ['details', 4, 2],
      ['estimate', 3, 1],
      ['booked', 2, 1],
      ['won', 1, 0],
    ]);
    const [visitors, contact, details, estimate, booked, won] = body.funnel.steps;
    expect(visitors!.conversion).toBeNull();
    expect(contact!.conversion).toBeCloseTo(5 / 8);
    expect(contact!.dropOff).toBe(3);
    expect(details!.conversion).toBeCloseTo(4 / 5);
    expect(estimate!.conversion).toBeCloseTo(3 / 4);
    expect(booked!.dropOffRate).toBeCloseTo(1 / 3);
    expect(won!.dropOffRate).toBeCloseTo(1 / 2);
    // drop-off rates 3/8, 1/5, 1/4, 1/3, 1/2: most people leave between booked and won
    expect(body.funnel.biggestDropOff).toBe('won');
  });

  it('splits leads by source, campaign and click id family with their conversion', async () => {
    const body = await dashboard('?from=2026-10-04&to=2026-10-05');
    const sources = body.bySource.map((s) => [
      s.source,
      s.leads.current,
      s.booked.current,
      s.won,
      s.leads.previous,
    ]);
    expect(sources).toEqual([
      ['website', 2, 1, 1, 0],
      ['google', 2, 0, 0, 2],
      ['facebook', 1, 1, 0, 0],
    ]);
    expect(body.bySource.find((s) => s.source === 'facebook')!.conversion).toBe(1);
    expect(body.bySource.find((s) => s.source === 'website')!.conversion).toBe(0.5);
    const spring = body.byCampaign.find((c) => c.campaign === 'spring')!;
    expect([spring.source, spring.medium, spring.leads.current]).toEqual(['google', 'cpc', 2]);
    const families = Object.fromEntries(body.byFamily.map((f) => [f.family, f.leads.current]));
    expect(families).toEqual({ google_ads: 2, meta_ads: 1, organic: 1, direct: 1, other_utm: 0 });
    // the previous period's Google leads have no click id and no capture: tagged campaign
    expect(body.byFamily.find((f) => f.family === 'other_utm')!.leads.previous).toBe(2);
  });

  it('adds up estimates, promo codes, bookings and speed to lead', async () => {
    const body = await dashboard('?from=2026-10-04&to=2026-10-05');
    expect(body.estimates.given).toEqual({
      count: 3,
      totalCents: { current: 180_000, previous: 0 },
      averageCents: { current: 60_000, previous: 0 },
    });
    expect(body.estimates.booked).toEqual({
      count: 2,
      totalCents: { current: 80_000, previous: 0 },
      averageCents: { current: 40_000, previous: 0 },
    });
    expect(body.estimates.byConcern).toEqual([
      {
        painPoint: 'thermal',
        name: 'Winter Thermal Insulation',
        count: 1,
        totalCents: 100_000,
        averageCents: 100_000,
      },
      {
        painPoint: 'uv-privacy',
        name: 'UV / Privacy / Heat & Glare',
        count: 2,
        totalCents: 80_000,
        averageCents: 40_000,
      },
    ]);
    expect(body.promos.codes).toEqual([
      { code: 'SPRING10', uses: 2, booked: 1, discountCents: 3_000 },
    ]);
    expect(body.promos.discountCents).toEqual({ current: 3_000, previous: 0 });

    const b = body.bookings;
    expect([b.made, b.phone, b.onsite]).toEqual([
      { current: 2, previous: 2 },
      { current: 1, previous: 2 },
      { current: 1, previous: 0 },
    ]);
    expect(b.cancellations).toEqual({ current: 1, previous: 0 });
    expect(b.reschedules).toEqual({ current: 1, previous: 0 });
    expect(b.noShows).toEqual({ current: 1, previous: 0 });
    expect(b.perDay).toEqual([
      { date: '2026-10-04', leads: 2, bookings: 0 },
      { date: '2026-10-05', leads: 3, bookings: 2 },
    ]);

    // B waited 10 min, C 30, D 20; A and E wait still. Before: P1 waited 60 min.
    expect(body.speedToLead).toEqual({
      medianMs: { current: minutes(20), previous: minutes(60) },
      actedOn: 3,
      waiting: 2,
    });
  });

  it('shows the next 14 days of slots offered against taken, by kind', async () => {
    const { load } = (await dashboard('?from=2026-10-04&to=2026-10-05')).bookings;
    expect(load.map((d) => d.date)).toEqual(
      Array.from({ length: 14 }, (_, i) => `2026-10-${String(6 + i).padStart(2, '0')}`),
    );
    // one consultant, 16 slots a weekday, none at weekends
    const day = (date: string) => load.find((d) => d.date === date);
    expect(day('2026-10-07')).toEqual({
      date: '2026-10-07',
      offered: 16,
      taken: 1,
      phone: 1,
      onsite: 0,
    });
    expect(day('2026-10-08')).toEqual({
      date: '2026-10-08',
      offered: 16,
      taken: 1,
      phone: 0,
      onsite: 1,
    });
    expect(day('2026-10-10')).toMatchObject({ offered: 0, taken: 0 });
    // P2's cancelled booking on 13 October frees its slot
    expect(day('2026-10-13')).toEqual({
      date: '2026-10-13',
      offered: 16,
      taken: 0,
      phone: 0,
      onsite: 0,
    });
  });

  it('defaults to the last 7 days and can leave out the comparison', async () => {
    const body = await dashboard('?compare=none');
    expect(body.range).toEqual({ from: '2026-09-30', to: '2026-10-06', days: 7 });
    expect(body.previousRange).toBeNull();
    // 30 September to 6 October holds every lead seeded above: the 7 of both periods and the
    // one of 6 October
    const contact = body.funnel.steps.find((s) => s.step === 'contact')!;
    expect(contact.count).toEqual({ current: 8, previous: null });
  });
});
