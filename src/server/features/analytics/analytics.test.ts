import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingTestApp, type BookingTestApp } from '#tests/helpers/booking-flows.ts';
import { expectRefusal } from '#tests/helpers/api-error.ts';
import { createStaff, signInAs } from '#tests/helpers/staff.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import {
  activities,
  analyticsEvents,
  journeySteps,
  journeys,
  sessions,
} from '#server/db/schema/index.ts';
import { analyticsMessages } from '#shared/analytics/analytics.contract.ts';

describe('analytics routes (spec §3, §7)', () => {
  let t: BookingTestApp;
  let staffEmail: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    staffEmail = (await createStaff(t.database.db)).email;
  });
  afterAll(() => t.close());

  const send = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/analytics', payload: payload as object });
  // signed in at the moment of asking: the frozen clock moves on between the tests
  const report = async (query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics${query}`,
      headers: { cookie: await signInAs(t.app, staffEmail) },
    });

  it('stores one event, or a batch in one go, with the browser user agent', async () => {
    const sessionId = randomUUID();
    const one = await send({
      session_id: sessionId,
      action: 'page_view',
      page: '/contact',
      timestamp: t.clock.now.toISOString(),
      userAgent: 'Test Browser',
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ accepted: 1 });
    const batch = await send({
      events: Array.from({ length: 100 }, (_, i) => ({
        sessionId,
        action: 'field_input',
        page: '/measurement',
        data: { field: 'notes', length: i * 5 },
      })),
    });
    expect(batch.json()).toEqual({ accepted: 100 });
    const rows = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, sessionId));
    expect(rows).toHaveLength(101);
    expect(rows.find((r) => r.action === 'page_view')).toMatchObject({
      page: '/contact',
      userAgent: 'Test Browser',
      timestamp: t.clock.now,
    });
  });

  it('keeps the journey: started with the UTM data, a step per screen, completed; the session step follows', async () => {
    const sessionId = randomUUID();
    const event = (action: string, data: Record<string, string> = {}) => ({
      sessionId,
      action,
      data,
    });
    await send({
      events: [
        event('journey_start', {
          source: 'google',
          medium: 'cpc',
          referrer: 'https://www.google.com/',
          landingPage: 'https://book.example/?utm_source=google',
        }),
        event('journey_step', { step: 'contact' }),
      ],
    });
    for (const step of ['measurement', 'files', 'estimate', 'booking']) {
      t.advance(1);
      await send(event('journey_step', { step }));
      const [session] = await t.database.db
        .select({ step: sessions.currentStep })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      expect(session?.step).toBe(step);
    }
    await send(event('journey_complete'));
    const [journey] = await t.database.db
      .select()
      .from(journeys)
      .where(eq(journeys.sessionId, sessionId));
    expect(journey).toMatchObject({
      utmData: { source: 'google', medium: 'cpc' },
      referrer: 'https://www.google.com/',
      landingPage: 'https://book.example/?utm_source=google',
      completed: true,
      completedAt: t.clock.now,
    });
    const steps = await t.database.db
      .select({ step: journeySteps.step })
      .from(journeySteps)
      .where(eq(journeySteps.journeyId, journey?.id ?? ''))
      .orderBy(asc(journeySteps.timestamp));
    expect(steps.map((s) => s.step)).toEqual([
      'contact',
      'measurement',
      'files',
      'estimate',
      'booking',
    ]);
  });

  it('marks a journey abandoned on leave; the next screen starts a new one', async () => {
    const sessionId = randomUUID();
    await send({ sessionId, action: 'journey_step', data: { step: 'contact' } });
    await send({ sessionId, action: 'journey_abandon', page: '/contact' });
    await send({ sessionId, action: 'journey_step', data: { step: 'contact' } });
    const rows = await t.database.db
      .select()
      .from(journeys)
      .where(eq(journeys.sessionId, sessionId))
      .orderBy(asc(journeys.startTime));
    expect(rows.map((r) => r.abandonedAt !== null)).toEqual([true, false]);
  });

  it('reports to staff only: counts by action and page, journeys and the latest events', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/analytics' });
    expectRefusal(anonymous, 401);
    t.advance(60);
    const start = t.clock.now.toISOString();
    const sessionId = randomUUID();
    await send({
      events: [
        { sessionId, action: 'page_view', page: '/contact' },
        { sessionId, action: 'page_view', page: '/measurement' },
        { sessionId, action: 'api_request_failed', data: { path: '/api/leads', status: 500 } },
        { sessionId, action: 'journey_step', data: { step: 'contact' } },
      ],
    });
    t.advance(1);
    const res = await report(
      `?start=${encodeURIComponent(start)}&end=${encodeURIComponent(t.clock.now.toISOString())}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.byAction).toEqual([
      { action: 'page_view', count: 2 },
      { action: 'api_request_failed', count: 1 },
      { action: 'journey_step', count: 1 },
    ]);
    expect(body.byPage).toEqual([
      { page: '/contact', count: 1 },
      { page: '/measurement', count: 1 },
    ]);
    expect(body.journeys).toEqual({ started: 1, completed: 0, abandoned: 0 });
    expect(body.events).toHaveLength(4);
    // an empty range is empty; a backwards one is refused
    const before = await report(
      `?end=${encodeURIComponent(start)}&start=${encodeURIComponent(start)}`,
    );
    expect(before.json().total).toBe(0);
    expectRefusal(
      await report(
        `?start=${encodeURIComponent(t.clock.now.toISOString())}&end=${encodeURIComponent(start)}`,
      ),
      400,
      ['end', analyticsMessages.rangeOrder],
    );
    expectRefusal(await report('?start=yesterday'), 400, ['start', 'Invalid start']);
    // a date the database cannot hold (it has no year 0000) is refused, not a 500 (found by fuzzing)
    expectRefusal(await report('?start=0000-02-29T00%3A00%3A00Z'), 400, [
      'start',
      analyticsMessages.dateOutOfRange,
    ]);
  });

  it('records an activity row of spec §3', async () => {
    const sessionId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      payload: {
        sessionId,
        action: 'clicked_continue',
        page: '/contact',
        eventType: 'click',
        eventData: { target: 'continue' },
        pageUrl: 'https://book.example/contact',
      },
      headers: { 'user-agent': 'Test Browser' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.sessionId, sessionId));
    expect(row).toMatchObject({
      id: res.json().id,
      action: 'clicked_continue',
      eventType: 'click',
      eventData: { target: 'continue' },
      userAgent: 'Test Browser',
      timestamp: t.clock.now,
    });
  });

  it('refuses bad input with a clear 400, never storing part of a batch', async () => {
    const sessionId = randomUUID();
    expectRefusal(await send({ sessionId }), 400, ['events.0.action', 'Action is required']);
    expectRefusal(await send({ sessionId: 'x', action: 'a' }), 400, [
      'events.0.sessionId',
      'Invalid session id',
    ]);
    expectRefusal(await send({ events: [] }), 400);
    expectRefusal(
      await send({ events: Array.from({ length: 101 }, () => ({ sessionId, action: 'a' })) }),
      400,
    );
    const tooWide = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expectRefusal(await send({ sessionId, action: 'a', data: tooWide }), 400);
    expectRefusal(await send({ sessionId, action: 'a', data: { nested: { deep: 1 } } }), 400);
    expectRefusal(
      await send({
        events: [
          { sessionId, action: 'ok' },
          { sessionId, action: '' },
        ],
      }),
      400,
    );
    const stored = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.sessionId, sessionId));
    expect(stored).toEqual([]);
    expectRefusal(
      await t.app.inject({ method: 'POST', url: '/api/activities', payload: { sessionId } }),
      400,
    );
  });
});

describe('analytics rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ANALYTICS_MAX: '2' });
  });
  afterAll(() => t.close());

  it('limits events and activities per client address, apart from the forms', async () => {
    const sessionId = randomUUID();
    const codes = [];
    for (const url of ['/api/analytics', '/api/activities', '/api/analytics']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { sessionId, action: 'page_view' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });
});
