import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '#tests/helpers/booking-flows.ts';
import {
  createConsultantsApp,
  emptyWeek,
  type ConsultantsApp,
} from '#tests/helpers/consultants-kit.ts';
import { deliveries } from '#tests/helpers/message-state.ts';
import { errorCodes } from '#shared/api/error.ts';
import { addressMessages } from '#shared/address/address.contract.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { contactMessages } from '#shared/contact/contact.contract.ts';
import { phoneInMessages } from '#shared/staff/phone-in.contract.ts';
import { activities, bookings, consultants, customers, leads } from '#server/db/schema/index.ts';

// Issue 28: staff book a customer who phones in, at the times the booking page would offer their
// address. The clock is frozen at Monday 23 November 2026, 09:00 in Melbourne.
const tuesday = '2026-11-24';

describe('phone-in bookings: /api/staff/availability and POST /api/staff/bookings', () => {
  let app: ConsultantsApp;
  let t: ConsultantsApp['t'];
  const places: Record<string, string> = {};
  beforeAll(async () => {
    app = await createConsultantsApp();
    t = app.t;
    // based in Dandenong: 45 minutes' drive to Frankston (as availability.travel.test.ts)
    await t.database.db
      .update(consultants)
      .set({ baseLat: -37.9875, baseLng: 145.2148, baseAddress: 'Dandenong VIC 3175' });
    const suggest = async (q: string) => {
      const res = await app.call('GET', `/api/address/suggest?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().predictions[0] as { placeId: string; description: string };
    };
    for (const [key, q] of [
      ['frankston', '1 Young Street, Frankston'],
      ['sunbury', '1 Evans Street, Sunbury'],
      ['fitzroy', '12 Smith Street, Fitzroy'],
      ['sydney', '10 George Street, Sydney'],
    ] as const) {
      places[key] = (await suggest(q)).placeId;
    }
  });
  afterAll(() => t.close());

  const customer = (first: string, placeId?: string) => ({
    firstName: first,
    lastName: 'Nguyen',
    phone: '0412 345 678',
    address: '1 Young Street, Frankston VIC 3199',
    ...(placeId && { placeId }),
  });
  const phoneIn = (body: object) => app.call('POST', '/api/staff/bookings', 'staff', body);
  const freeTimes = async (query: Record<string, string>) => {
    const q = new URLSearchParams({ from: tuesday, to: tuesday, ...query });
    const res = await app.call('GET', `/api/staff/availability?${q}`, 'staff');
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json().days as { slots: { startTime: string; available: boolean }[] }[];
    const times = (day?.slots ?? [])
      .filter((s) => s.available)
      .map((s) => s.startTime.slice(11, 16));
    return [...new Set(times)];
  };

  it('is for staff only', async () => {
    expect((await app.call('GET', '/api/staff/availability?serviceType=phone')).statusCode).toBe(
      401,
    );
    const res = await app.call('POST', '/api/staff/bookings', undefined, {});
    expect(res.statusCode).toBe(401);
  });

  it('books a phone call: the customer, a lead from the phone, the booking and its messages', async () => {
    const res = await phoneIn({
      customer: {
        ...customer('Ana', places.fitzroy),
        address: '12 Smith Street, Fitzroy VIC 3065',
        email: 'Ana@Example.com',
      },
      serviceType: 'phone',
      startTime: at(tuesday, '14:00'),
      notes: 'Rang about the front windows',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { booking, leadId, customerId } = res.json();
    expect(booking).toMatchObject({
      staffId: 'staff-1',
      serviceType: 'phone',
      status: 'confirmed',
    });
    expect(booking.timeSlot.startTime).toBe(at(tuesday, '14:00'));
    const db = t.database.db;
    const [person] = await db.select().from(customers).where(eq(customers.id, customerId));
    // the place as the server resolved it from the suggestion, the e-mail as stored
    expect(person).toMatchObject({
      email: 'ana@example.com',
      phone: '+61412345678',
      suburb: 'Fitzroy',
      postcode: '3065',
      state: 'VIC',
      createdBySessionId: null,
    });
    expect(person?.addressLat).toBeCloseTo(-37.8, 1);
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ source: 'phone', stage: 'booked', customerId, sessionId: null });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.notes).toBe('Rang about the front windows');
    // recorded with the staff member's name, and the customer's e-mail and text queued
    const done = await db.select().from(activities).where(eq(activities.leadId, leadId));
    expect(done.map((a) => a.action)).toContain('booking_created');
    const sent = (await deliveries(t)).filter((d) => d.bookingId === booking.id);
    const kinds = sent.map((d) => `${d.channel}:${d.kind}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'email:booking_confirmed',
        'sms:booking_confirmed',
        'email:business_new_booking',
      ]),
    );
    // on the lead list with its source, like any lead
    const list = await app.call('GET', '/api/leads?q=Ana', 'staff');
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain(leadId);
  });

  it('books without an e-mail: the text goes, no e-mail is queued for the customer', async () => {
    const res = await phoneIn({
      customer: customer('Bo', places.frankston),
      serviceType: 'phone',
      startTime: at(tuesday, '15:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = (await deliveries(t)).filter((d) => d.bookingId === res.json().booking.id);
    expect(sent.some((d) => d.kind === 'booking_confirmed' && d.channel === 'sms')).toBe(true);
    expect(sent.some((d) => d.kind === 'booking_confirmed' && d.channel === 'email')).toBe(false);
  });

  it('offers onsite times for the address, with the drives, and books only those', async () => {
    const missing = await app.call('GET', '/api/staff/availability?serviceType=onsite', 'staff');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(phoneInMessages.onsiteNeedsPlace);
    expect((await freeTimes({ serviceType: 'onsite', placeId: places.frankston! }))[0]).toBe(
      '09:00',
    );
    const sunburyBefore = await freeTimes({ serviceType: 'onsite', placeId: places.sunbury! });
    expect(sunburyBefore.length).toBeGreaterThan(0);

    const res = await phoneIn({
      customer: customer('Cy', places.frankston),
      serviceType: 'onsite',
      startTime: at(tuesday, '09:00'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, res.json().booking.id));
    expect(row?.visitLat).toBeCloseTo(-38.14, 1);
    // Sunbury is out of reach that morning now (Frankston → Sunbury is over two hours' drive);
    // a time the page would not offer is refused
    expect(sunburyBefore[0]! < '11:00').toBe(true);
    const sunburyAfter = await freeTimes({ serviceType: 'onsite', placeId: places.sunbury! });
    expect(sunburyAfter.length).toBeGreaterThan(0);
    expect(sunburyAfter.every((time) => time >= '12:00')).toBe(true);
    const far = await phoneIn({
      customer: { ...customer('Di', places.sunbury), address: '1 Evans Street, Sunbury VIC 3429' },
      serviceType: 'onsite',
      startTime: at(tuesday, '11:00'),
    });
    expect(far.statusCode).toBe(409);
    expect(far.json().error.code).toBe(errorCodes.slotTaken);
    // an onsite visit needs its place
    const noPlace = await phoneIn({
      customer: customer('Ed'),
      serviceType: 'onsite',
      startTime: at(tuesday, '11:00'),
    });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().error.fields).toEqual({ placeId: phoneInMessages.onsiteNeedsPlace });
  });

  it('gives a time to the consultant asked for, or the next free one, then says it is taken', async () => {
    const kim = await app.create({
      name: 'Kim',
      weeklyHours: { ...emptyWeek, tue: [{ start: '08:00', end: '17:00' }] },
    });
    const tue1530 = at(tuesday, '15:30');
    const mine = await freeTimes({ serviceType: 'phone', consultantId: kim.id });
    expect(mine).toContain('15:30');
    const asked = await phoneIn({
      customer: customer('Fay'),
      serviceType: 'phone',
      startTime: tue1530,
      consultantId: kim.id,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().booking.staffId).toBe(kim.id);
    const next = await phoneIn({
      customer: customer('Gus'),
      serviceType: 'phone',
      startTime: tue1530,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().booking.staffId).toBe('staff-1');
    const third = await phoneIn({
      customer: customer('Hal'),
      serviceType: 'phone',
      startTime: tue1530,
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe(errorCodes.slotTaken);
  });

  it('refuses what the booking page would: another state, an unknown place, a time not offered', async () => {
    const sydney = await phoneIn({
      customer: { ...customer('Ivy', places.sydney), address: '10 George Street, Sydney NSW 2000' },
      serviceType: 'phone',
      startTime: at(tuesday, '13:00'),
    });
    expect(sydney.statusCode).toBe(400);
    expect(sydney.json().error.fields).toEqual({
      'customer.address': addressMessages.victoriaOnly,
    });
    const unknown = await phoneIn({
      customer: customer('Jo', 'gz:nothing'),
      serviceType: 'phone',
      startTime: at(tuesday, '13:00'),
    });
    expect(unknown.statusCode).toBe(400);
    const odd = await phoneIn({
      customer: customer('Kai'),
      serviceType: 'phone',
      startTime: at(tuesday, '13:10'),
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().error.message).toBe(bookingMessages.notASlot);
    const phone = await phoneIn({
      customer: { ...customer('Lu'), phone: '123' },
      serviceType: 'phone',
      startTime: at(tuesday, '13:00'),
    });
    expect(phone.statusCode).toBe(400);
    expect(JSON.stringify(phone.json().error.fields)).toContain(contactMessages.phoneInvalid);
  });
});
