import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  holdAndBook,
  readyToBook,
  slotsOn,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { expectRefusal } from '#tests/helpers/api-error.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { analyticsEvents, customers, sessions, slotHolds } from '#server/db/schema/index.ts';
import { preservedFieldNames } from '#shared/session/session-expiry.ts';
import { sessionLifetimeMessages } from '#shared/session/session.contract.ts';

describe('session lifetime routes (spec §4, §7)', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/analytics/session/${url}`,
      payload: payload as object,
    });

  it('times a session from its last activity on the app clock: active, warning at 55, expired at 60', async () => {
    const sessionId = randomUUID();
    const unknown = await post('status', { sessionId });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      isExpired: false,
      isWarning: false,
      timeUntilExpiry: null,
      shouldClearBookingData: false,
      message: 'No active session',
    });

    const activity = await post('activity', { sessionId, action: 'click', page: '/measurement' });
    expect(activity.statusCode).toBe(200);
    expect(activity.json()).toEqual({
      sessionId,
      lastActivity: t.clock.now.toISOString(),
      timeUntilExpiry: 60 * 60_000,
    });
    expect((await post('status', { sessionId })).json().message).toBe('Session active');

    t.advance(55);
    expect((await post('status', { sessionId })).json()).toEqual({
      isExpired: false,
      isWarning: true,
      timeUntilExpiry: 5 * 60_000,
      shouldClearBookingData: false,
      message: 'Session expires in 5 minutes',
    });

    // activity clears the warning: the hour starts again
    await post('activity', { session_id: sessionId });
    expect((await post('status', { sessionId })).json()).toMatchObject({
      isWarning: false,
      timeUntilExpiry: 60 * 60_000,
    });

    t.advance(60);
    expect((await post('status', { sessionId })).json()).toEqual({
      isExpired: true,
      isWarning: false,
      timeUntilExpiry: 0,
      shouldClearBookingData: true,
      message: 'Session expired',
    });
  });

  it('carries the preserved fields over on expiry, drops the rest and releases the held slot', async () => {
    const ready = await readyToBook(t.app);
    const previousSessionId = ready.sessionId;
    await t.database.db
      .update(sessions)
      .set({
        customerData: { firstName: 'Alex' },
        formData: { bookingOption: 'estimate' },
        addressCoordinates: { lat: -37.8, lng: 144.9 },
        utmData: { source: 'google' },
      })
      .where(eq(sessions.id, previousSessionId));
    const held = await hold(t.app, previousSessionId, at('2026-11-24', '10:00'));
    expect(held.statusCode).toBe(201);
    const heldKey = `${held.json().staffId as string}@10:00`;
    // the calendar is read (and cached) with the slot taken; analytics writes keep it cached
    expect((await slotsOn(t.app, '2026-11-24')).get(heldKey)).toBe(false);
    await post('activity', { sessionId: previousSessionId });
    expect((await slotsOn(t.app, '2026-11-24')).get(heldKey)).toBe(false);

    const newSessionId = randomUUID();
    const notice = { previousSessionId, newSessionId, preservedData: [...preservedFieldNames] };
    const res = await post('expired', notice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sessionId: newSessionId,
      previousSessionId,
      currentStep: 'contact',
      sessionExpired: true,
      preservedData: [...preservedFieldNames],
      releasedHolds: 1,
    });

    const [fresh] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, newSessionId));
    expect(fresh).toMatchObject({
      customerData: { firstName: 'Alex' },
      formData: { bookingOption: 'estimate' },
      addressCoordinates: { lat: -37.8, lng: 144.9 },
      utmData: { source: 'google' },
      currentStep: 'contact',
      sessionExpired: true,
      sessionExpiredAt: t.clock.now,
      previousSessionId,
    });
    // the Details step's data and the estimate are kept; nothing of a slot or booking is
    expect(Object.keys(fresh?.bookingData ?? {}).sort()).toEqual(
      ['estimatedPrice', 'glassCount', 'measurements', 'painPoint'].sort(),
    );
    const [old] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, previousSessionId));
    expect(old?.sessionExpired).toBe(true);
    const holds = await t.database.db
      .select()
      .from(slotHolds)
      .where(eq(slotHolds.sessionId, previousSessionId));
    expect(holds).toEqual([]);
    // the released slot is free at once for everyone (the notice empties the calendar cache)
    expect((await slotsOn(t.app, '2026-11-24')).get(heldKey)).toBe(true);
    // the notice is kept for the staff report
    const events = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(
        and(
          eq(analyticsEvents.sessionId, newSessionId),
          eq(analyticsEvents.action, 'session_expired'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toMatchObject({ previousSessionId, newSessionId });

    // a repeat changes nothing; another session claiming the same new id is refused
    const again = await post('expired', notice);
    expect(again.statusCode).toBe(200);
    expect(again.json().releasedHolds).toBe(0);
    const other = await post('expired', { previousSessionId: randomUUID(), newSessionId });
    expectRefusal(other, 409);
    expect(other.json().error.message).toBe(sessionLifetimeMessages.followsOther);
  });

  it('holds the submitted customer on the session record from the contact step', async () => {
    const ready = await readyToBook(t.app);
    const [customer] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, ready.customerId));
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, ready.sessionId));
    expect(session?.customerData).toMatchObject({
      firstName: customer?.firstName,
      lastName: customer?.lastName,
      email: customer?.email,
      phone: customer?.phone,
      address: customer?.address,
    });
    expect(session?.addressCoordinates).toEqual(
      customer?.addressLat == null ? null : { lat: customer.addressLat, lng: customer.addressLng },
    );
  });

  it('gives an unknown previous session an empty replacement', async () => {
    const res = await post('expired', {
      previousSessionId: randomUUID(),
      newSessionId: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().releasedHolds).toBe(0);
  });

  it('refuses bad input with a clear 400', async () => {
    expectRefusal(await post('status', {}), 400, ['sessionId', 'Invalid session id']);
    expectRefusal(await post('status', { sessionId: 'nope' }), 400, [
      'sessionId',
      'Invalid session id',
    ]);
    expectRefusal(await post('activity', { sessionId: randomUUID(), action: 'x'.repeat(65) }), 400);
    const id = randomUUID();
    expectRefusal(await post('expired', { previousSessionId: id, newSessionId: id }), 400, [
      'newSessionId',
      sessionLifetimeMessages.sameSession,
    ]);
    expectRefusal(
      await post('expired', {
        previousSessionId: randomUUID(),
        newSessionId: randomUUID(),
        preservedData: ['selectedDate'],
      }),
      400,
      ['preservedData.0', sessionLifetimeMessages.unknownField],
    );
  });

  it('times a session from the customer’s steps and booking by the app clock, never the database’s', async () => {
    // The app's clock is frozen days before the real date: a step stamped by the database's
    // clock put the last activity days ahead, and the session never expired.
    const { sessionId } = await readyToBook(t.app);
    expect((await post('status', { sessionId })).json()).toMatchObject({
      isExpired: false,
      timeUntilExpiry: 60 * 60_000,
    });
    const free = [...(await slotsOn(t.app, '2026-11-27', sessionId))].find(([, open]) => open);
    if (!free) throw new Error('no free slot on 2026-11-27');
    t.advance(30);
    await holdAndBook(t.app, sessionId, at('2026-11-27', free[0].slice(-5)));
    expect((await post('status', { sessionId })).json()).toMatchObject({
      timeUntilExpiry: 60 * 60_000,
    });
    t.advance(61);
    expect((await post('status', { sessionId })).json()).toMatchObject({ isExpired: true });
  });
});

describe('session lifetime rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ANALYTICS_MAX: '3' });
  });
  afterAll(() => t.close());

  it('limits the status, activity and expired notices together per client address', async () => {
    const sessionId = randomUUID();
    const codes = [];
    for (const url of ['status', 'activity', 'status', 'activity']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/analytics/session/${url}`,
        payload: { sessionId },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    // the forms keep their own budget
    const form = await t.app.inject({ method: 'POST', url: '/api/customers', payload: {} });
    expect(form.statusCode).toBe(400);
  });
});
