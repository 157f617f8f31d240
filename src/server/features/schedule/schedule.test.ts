import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  book,
  createBookingTestApp,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { gazetteerPlace } from '#tests/helpers/places.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { scheduleMessages } from '#shared/staff/schedule.contract.ts';
import { consultants } from '#server/db/schema/index.ts';

// Issue 28: the team's days for staff, with names, mobiles, addresses, notes and drives.
const tuesday = '2026-11-24';

describe('GET /api/staff/schedule', () => {
  // the clock is frozen at Monday 23 November 2026, 09:00 in Melbourne
  let t: BookingTestApp;
  let cookie = '';
  beforeAll(async () => {
    t = await createBookingTestApp();
    cookie = await signInAs(t.app, (await createStaff(t.database.db, { role: 'staff' })).email);
    // based in Dandenong: 45 minutes' drive to Frankston (the gazetteer's centre of 3199)
    await t.database.db
      .update(consultants)
      .set({ baseLat: -37.9875, baseLng: 145.2148, baseAddress: 'Dandenong VIC 3175' });
    const customer = (first: string, suburb: string, postcode: string) =>
      readyToBook(t.app, {
        customer: {
          firstName: first,
          lastName: 'Tran',
          phone: '0412 345 678',
          ...gazetteerPlace('1 Main Street', suburb, postcode),
        },
      });
    const booked = async (
      sessionId: string,
      time: string,
      serviceType: 'phone' | 'onsite',
      notes: string,
    ) => {
      const held = await t.app.inject({
        method: 'POST',
        url: '/api/holds',
        payload: { sessionId, startTime: at(tuesday, time), serviceType },
      });
      expect(held.statusCode, held.body).toBe(201);
      const res = await book(t.app, {
        sessionId,
        reservationId: held.json().reservationId,
        serviceType,
        notes,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const frankston = await customer('Mai', 'Frankston', '3199');
    await booked(frankston.sessionId, '09:00', 'onsite', 'Dog in the yard');
    const fitzroy = await customer('Bao', 'Fitzroy', '3065');
    await booked(fitzroy.sessionId, '11:00', 'phone', 'Call after 11');
  });
  afterAll(() => t.close());

  const ask = (query: string, withCookie = true) =>
    t.app.inject({
      method: 'GET',
      url: `/api/staff/schedule?${query}`,
      headers: withCookie ? { cookie, ...sameOrigin } : {},
    });

  it('answers the day per consultant with hours, appointments, notes and the drive', async () => {
    const res = await ask(`from=${tuesday}&to=${tuesday}`);
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json().days;
    expect(day.date).toBe(tuesday);
    const [consultant] = day.consultants;
    expect(consultant).toMatchObject({
      id: 'staff-1',
      name: 'Consultant',
      hours: [{ start: at(tuesday, '08:00'), end: at(tuesday, '16:00') }],
    });
    expect(consultant.appointments).toEqual([
      expect.objectContaining({
        startTime: at(tuesday, '09:00'),
        serviceType: 'onsite',
        customerName: 'Mai Tran',
        mobile: '+61412345678',
        address: '1 Main Street, Frankston VIC 3199',
        suburb: 'Frankston',
        notes: 'Dog in the yard',
        driveMinutesBefore: 45,
      }),
      expect.objectContaining({
        startTime: at(tuesday, '11:00'),
        serviceType: 'phone',
        customerName: 'Bao Tran',
        notes: 'Call after 11',
        driveMinutesBefore: null,
      }),
    ]);
  });

  it('refuses anonymous callers, a range over 31 days and an unknown consultant', async () => {
    expect((await ask(`from=${tuesday}&to=${tuesday}`, false)).statusCode).toBe(401);
    const long = await ask(`from=2026-11-01&to=2026-12-15`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ to: scheduleMessages.range });
    const nobody = await ask(`from=${tuesday}&to=${tuesday}&consultantId=nobody`);
    expect(nobody.statusCode).toBe(404);
  });
});
