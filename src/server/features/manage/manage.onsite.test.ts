import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  book,
  createBookingTestApp,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { consultants } from '#server/db/schema/index.ts';

// Issue 28: a customer moving their own onsite visit (manage link) sees and holds the times its
// own place allows, and its own time and drives are not in its way. One consultant, based in
// Dandenong (45 minutes' drive and 15 of buffer from Frankston), working Tuesday 08:00–12:00.
const tuesday = '2026-11-24';
const none: { start: string; end: string }[] = [];

describe('moving an onsite visit with the manage link (both databases)', () => {
  let t: BookingTestApp;
  let token = '';
  beforeAll(async () => {
    t = await createBookingTestApp();
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
      baseLat: -37.9875,
      baseLng: 145.2148,
    });
    const { sessionId } = await readyToBook(t.app, {
      customer: gazetteerPlace('1 Main Street', 'Frankston', '3199'),
    });
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/holds',
      payload: { sessionId, startTime: at(tuesday, '09:00'), serviceType: 'onsite' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const booked = await book(t.app, {
      sessionId,
      reservationId: held.json().reservationId,
      serviceType: 'onsite',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    token = booked.json().manageToken;
  });
  afterAll(() => t.close());

  const times = (body: { days: BookingDay[] }) =>
    (body.days[0]?.slots ?? []).filter((s) => s.available).map((s) => s.startTime.slice(11, 16));

  it('offers the times its own place allows, its own time and drives out of the way', async () => {
    const sessionId = randomUUID();
    const q = new URLSearchParams({ serviceType: 'onsite', from: tuesday, to: tuesday, sessionId });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/manage/${token}/availability?${q}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 09:00 is its own; 09:30 would be taken by its own visit and drive for anyone else
    expect(times(res.json())).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    const neighbour = await readyToBook(t.app, {
      customer: gazetteerPlace('2 Main Street', 'Frankston', '3199'),
    });
    const q2 = new URLSearchParams({
      serviceType: 'onsite',
      from: tuesday,
      to: tuesday,
      sessionId: neighbour.sessionId,
    });
    const others = await t.app.inject({ method: 'GET', url: `/api/availability?${q2}` });
    expect(times(others.json())).not.toContain('09:30');

    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/manage/not-a-token/availability?${q}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('holds an adjacent time for the move with the link, and moves the visit there', async () => {
    const sessionId = randomUUID();
    const hold = (manageToken?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/holds',
        payload: {
          sessionId,
          startTime: at(tuesday, '09:30'),
          serviceType: 'onsite',
          ...(manageToken && { manageToken }),
        },
      });
    expect((await hold('not-a-token')).statusCode).toBe(404);
    const held = await hold(token);
    expect(held.statusCode, held.body).toBe(201);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${token}/reschedule`,
      payload: { sessionId, reservationId: held.json().reservationId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().booking.timeSlot.startTime).toBe(at(tuesday, '09:30'));
  });
});
