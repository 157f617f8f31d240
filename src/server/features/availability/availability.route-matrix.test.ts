import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  at,
  book,
  createBookingTestApp,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import {
  startRoutesReceiver,
  type RoutesReceiver,
} from '#tests/helpers/protocol-servers/routes-receiver.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { consultants, customers } from '#server/db/schema/index.ts';

// Issue 28: with GOOGLE_MAPS_API_KEY the drives of onsite visits come from Google's route matrix
// (here a local server speaking its protocol, answering two hours for every drive), cached per pair
// of places; when it fails, the estimator's. One consultant based in Dandenong, working Tuesday and
// Wednesday 08:00–12:00; the estimator puts Frankston 30 minutes away (09:00 is the first onsite
// time: 30 minutes' drive and 15 of buffer).
const tuesday = '2026-11-24';
const wednesday = '2026-11-25';
const dandenong = { lat: -37.9875, lng: 145.2148 };
const places = {
  frankston: { suburb: 'Frankston', postcode: '3199', lat: -38.1446, lng: 145.1235 },
  frankstonSouth: { suburb: 'Frankston South', postcode: '3199', lat: -38.163, lng: 145.135 },
};
type Place = (typeof places)[keyof typeof places];
const twoHours = 2 * 60 * 60;

describe('onsite availability with drives from the route matrix (both databases)', () => {
  // the clock is frozen at Monday 23 November 2026, 09:00 in Melbourne
  let t: BookingTestApp;
  let routes: RoutesReceiver;
  let cookie = '';
  beforeAll(async () => {
    routes = await startRoutesReceiver({ durations: () => twoHours });
    t = await createBookingTestApp({
      GOOGLE_MAPS_API_KEY: routes.apiKey,
      GOOGLE_ROUTES_BASE_URL: routes.baseUrl,
      // address search would go to Google too: never to the real one from a test
      GOOGLE_MAPS_BASE_URL: routes.baseUrl,
    });
    const none: { start: string; end: string }[] = [];
    const morning = [{ start: '08:00', end: '12:00' }];
    await t.database.db.update(consultants).set({
      weeklyHours: {
        sun: none,
        mon: none,
        tue: morning,
        wed: morning,
        thu: none,
        fri: none,
        sat: none,
      },
      baseLat: dandenong.lat,
      baseLng: dandenong.lng,
      baseAddress: 'Dandenong VIC 3175',
    });
    cookie = await signInAs(t.app, (await createStaff(t.database.db, { role: 'staff' })).email);
  });
  afterAll(async () => {
    await t?.close();
    await routes?.close();
  });

  /** A customer at `place` ready to book (five panes: onsite is offered). */
  const customerAt = async (place: Place) => {
    // with the key set, places are Google's, and no Places server runs here: the address is
    // typed, and its place is set as Google would have resolved it
    const address = `1 Main Street, ${place.suburb} VIC ${place.postcode}`;
    const { sessionId, customerId } = await readyToBook(t.app, {
      customer: { address, structuredAddress: undefined },
    });
    await t.database.db
      .update(customers)
      .set({ addressLat: place.lat, addressLng: place.lng, postcode: place.postcode })
      .where(eq(customers.id, customerId));
    return sessionId;
  };
  /** The day's free times ("HH:MM") for the service, as the session asks. */
  const freeTimes = async (date: string, serviceType: 'phone' | 'onsite', sessionId?: string) => {
    const query = new URLSearchParams({ from: date, to: date, serviceType });
    if (sessionId) query.set('sessionId', sessionId);
    const res = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json().days as BookingDay[];
    return day!.slots.filter((s) => s.available).map((s) => s.startTime.slice(11, 16));
  };
  const holdOnsite = (sessionId: string, date: string, time: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/holds',
      payload: { sessionId, startTime: at(date, time), serviceType: 'onsite' },
    });

  it("offers only the times Google's two-hour drive allows, asking once per pair", async () => {
    const frankston = await customerAt(places.frankston);
    // the estimator would offer 09:00 on; two hours and 15 minutes of buffer leave 10:30 on
    expect(await freeTimes(tuesday, 'onsite', frankston)).toEqual(['10:30', '11:00', '11:30']);
    expect(routes.refused).toEqual([]);
    // one call each way between the visit and the consultant's base
    expect(routes.calls).toHaveLength(2);
    expect(routes.calls.map((c) => [c.origins, c.destinations])).toContainEqual([
      [dandenong],
      [{ lat: places.frankston.lat, lng: places.frankston.lng }],
    ]);

    // another customer at the same place: worked out again, from the cached pairs
    const neighbour = await customerAt(places.frankston);
    const asked = routes.requestCount;
    expect(await freeTimes(tuesday, 'onsite', neighbour)).toEqual(['10:30', '11:00', '11:30']);
    // phone calls never ask Google
    expect(await freeTimes(tuesday, 'phone')).toHaveLength(8);
    expect(routes.requestCount).toBe(asked);

    // a hold is checked with the same drives
    expect((await holdOnsite(frankston, tuesday, '09:00')).statusCode).toBe(409);
    const held = await holdOnsite(frankston, tuesday, '10:30');
    expect(held.statusCode, held.body).toBe(201);
    const booked = await book(t.app, {
      sessionId: frankston,
      reservationId: held.json().reservationId,
      serviceType: 'onsite',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(routes.requestCount).toBe(asked);

    // staff see Google's drive before the visit
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/schedule?from=${tuesday}&to=${tuesday}`,
      headers: { cookie, ...sameOrigin },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [appointment] = res.json().days[0].consultants[0].appointments;
    expect(appointment).toMatchObject({ startTime: at(tuesday, '10:30'), driveMinutesBefore: 120 });
  });

  it("gives the estimator's times back when Google fails", async () => {
    routes.answer({ status: 500, body: '{"error":{"code":500,"status":"INTERNAL"}}' });
    try {
      // a place not asked yet: Dandenong to Frankston South is 45 minutes by the estimator
      const sessionId = await customerAt(places.frankstonSouth);
      const asked = routes.requestCount;
      expect(await freeTimes(wednesday, 'onsite', sessionId)).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '11:30',
      ]);
      expect(routes.requestCount).toBeGreaterThan(asked);
      const held = await holdOnsite(sessionId, wednesday, '09:00');
      expect(held.statusCode, held.body).toBe(201);
    } finally {
      routes.clearAnswers();
    }
  });
});
