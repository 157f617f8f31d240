import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  book,
  createBookingTestApp,
  readyToBook,
  setSetting,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { bookings, consultants, customers, slotHolds } from '#server/db/schema/index.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';
import { visitOfSession } from '#server/db/booking-lookups.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import { slotDays } from '#server/lib/slot-days.ts';

// Issue 28: an onsite visit keeps its consultant busy for the drive there (from their base or the
// visit before) and on to the next one, plus 15 minutes; onsite times are worked out for the
// session's address. One consultant, based in Dandenong, working Tuesday 08:00–12:00.
const tuesday = '2026-11-24';
const dandenong = { lat: -37.9875, lng: 145.2148 };
const places = {
  // the gazetteer's places (its postcode centres): the server looks the chosen one up
  frankston: { suburb: 'Frankston', postcode: '3199', lat: -38.162578, lng: 145.135961 },
  frankstonSouth: { suburb: 'Frankston South', postcode: '3199', lat: -38.162578, lng: 145.135961 },
  sunbury: { suburb: 'Sunbury', postcode: '3429', lat: -37.56762, lng: 144.728973 },
};
type Place = (typeof places)[keyof typeof places];

describe('onsite availability with travel (both databases)', () => {
  // the clock is frozen at Monday 23 November 2026, 09:00 in Melbourne
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
    const none: { start: string; end: string }[] = [];
    await t.database.db.update(consultants).set({
      weeklyHours: {
        sun: none,
        mon: none,
        tue: [{ start: '08:00', end: '12:00' }],
        wed: none,
        thu: none,
        fri: none,
        sat: none,
      },
      baseLat: dandenong.lat,
      baseLng: dandenong.lng,
      baseAddress: 'Dandenong VIC 3175',
    });
  });
  afterAll(() => t.close());

  /** A customer at `place` ready to book (five panes: onsite is offered). */
  const customerAt = async (place: Place) => {
    const { sessionId } = await readyToBook(t.app, {
      customer: gazetteerPlace('1 Main Street', place.suburb, place.postcode),
    });
    return sessionId;
  };
  /** Tuesday's free times ("HH:MM") for the service, as the session asks. */
  const freeTimes = async (serviceType: 'phone' | 'onsite', sessionId?: string) => {
    const query = new URLSearchParams({ from: tuesday, to: tuesday, serviceType });
    if (sessionId) query.set('sessionId', sessionId);
    const res = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json().days as BookingDay[];
    return day!.slots.filter((s) => s.available).map((s) => s.startTime.slice(11, 16));
  };
  const holdOnsite = (sessionId: string, time: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/holds',
      payload: { sessionId, startTime: at(tuesday, time), serviceType: 'onsite' },
    });

  it('books Frankston at 9:00 and keeps the drive there and on out of the calendar', async () => {
    const frankston = await customerAt(places.frankston);
    // before any booking: Dandenong → Frankston is 45 minutes and 15 of buffer, so 09:00 first
    expect((await freeTimes('onsite', frankston))[0]).toBe('09:00');
    const held = await holdOnsite(frankston, '09:00');
    expect(held.statusCode, held.body).toBe(201);
    const res = await book(t.app, {
      sessionId: frankston,
      reservationId: held.json().reservationId,
      serviceType: 'onsite',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(bookings);
    expect([row?.visitLat, row?.visitLng]).toEqual([places.frankston.lat, places.frankston.lng]);

    // Sunbury: too far to reach after it before 12:00, and no time before it
    const sunbury = await customerAt(places.sunbury);
    expect(await freeTimes('onsite', sunbury)).toEqual([]);
    const refused = await holdOnsite(sunbury, '10:30');
    expect(refused.statusCode).toBe(409);
    // a Frankston neighbour: 15 minutes' drive and 15 of buffer after 09:30
    const neighbour = await customerAt(places.frankstonSouth);
    expect((await freeTimes('onsite', neighbour))[0]).toBe('10:00');
    // the booking rule's buffer: 45 minutes instead of 15 puts it at 10:30
    await setSetting(t.database.db, 'onsite_travel_buffer_minutes', 45);
    try {
      expect((await freeTimes('onsite', neighbour))[0]).toBe('10:30');
    } finally {
      await setSetting(t.database.db, 'onsite_travel_buffer_minutes', 15);
    }
    expect((await holdOnsite(neighbour, '09:30')).statusCode).toBe(409);
    // a phone call cannot fall inside the drive (08:00–09:00) or the visit
    expect(await freeTimes('phone')).toEqual(['09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('answers every place as worked out afresh, whichever place asked first (ADR 054)', async () => {
    const sessions = await Promise.all(
      [places.sunbury, places.frankstonSouth, places.frankston].map(customerAt),
    );
    // one of them holds Tuesday 10:30 (given back after): its own hold stays free to it alone
    expect((await holdOnsite(sessions[2]!, '10:30')).statusCode).toBe(201);
    const setup = await readBookingSetup(t.database.db);
    const range = { from: tuesday, to: '2026-12-08' };
    // twice round: the second answers come from what the first left in the cache
    for (const round of [1, 2]) {
      for (const sessionId of sessions) {
        const query = new URLSearchParams({ ...range, serviceType: 'onsite', sessionId });
        const res = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
        const fresh = await slotDays(t.database.db, setup, range, t.clock.now, {
          serviceType: 'onsite',
          visit: await visitOfSession(t.database.db, sessionId),
          exceptSessionId: sessionId,
        });
        expect(res.json().days, `round ${round}`).toEqual(fresh);
      }
    }
    await t.database.db.delete(slotHolds).where(eq(slotHolds.sessionId, sessions[2]!));
  });

  it("follows a change of the customer's place at once, whoever writes it (ADR 054)", async () => {
    const sessionId = await customerAt(places.frankstonSouth);
    const range = { from: tuesday, to: tuesday };
    const answer = async () => {
      const query = new URLSearchParams({ ...range, serviceType: 'onsite', sessionId });
      const res = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
      return res.json().days as BookingDay[];
    };
    const before = await answer();
    // as staff editing the address, or another process: straight to the table
    const [visit] = await t.database.db
      .update(customers)
      .set({ addressLat: places.sunbury.lat, addressLng: places.sunbury.lng, postcode: '3429' })
      .where(eq(customers.createdBySessionId, sessionId))
      .returning({ id: customers.id });
    expect(visit).toBeDefined();
    const after = await answer();
    const setup = await readBookingSetup(t.database.db);
    const fresh = await slotDays(t.database.db, setup, range, t.clock.now, {
      serviceType: 'onsite',
      visit: { lat: places.sunbury.lat, lng: places.sunbury.lng, postcode: '3429' },
    });
    expect(after).toEqual(fresh);
    expect(after).not.toEqual(before);
  });

  it('refuses to book a time held for another type of consultation', async () => {
    const sessionId = await customerAt(places.frankstonSouth);
    const held = await holdOnsite(sessionId, '11:00');
    expect(held.statusCode, held.body).toBe(201);
    const res = await book(t.app, {
      sessionId,
      reservationId: held.json().reservationId,
      serviceType: 'phone',
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: errorCodes.slotTaken,
      message: bookingMessages.holdForOtherService,
    });
  });
});
