import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at } from '#tests/helpers/booking-flows.ts';
import {
  createConsultantsApp,
  emptyWeek,
  tueAmWedPm,
  type ConsultantsApp,
} from '#tests/helpers/consultants-kit.ts';
import { seedBooking } from '#tests/helpers/lead-seeds.ts';
import { noCalendar } from '#shared/admin/consultant-calendar.contract.ts';
import { consultantAdminMessages as m } from '#shared/admin/consultants.contract.ts';
import { consultantMessages } from '#shared/booking/consultant.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { bookings } from '#server/db/schema/index.ts';

const tuesday = '2026-11-24';
const wednesday = '2026-11-25';
const [week, hours] = [emptyWeek, tueAmWedPm];

describe('admin consultants (issue 28): the API, and the calendar following it', () => {
  let app: ConsultantsApp;
  let t: ConsultantsApp['t'];
  beforeAll(async () => {
    app = await createConsultantsApp();
    t = app.t;
  });
  afterAll(() => t.close());
  const call: ConsultantsApp['call'] = (...args) => app.call(...args);
  const create: ConsultantsApp['create'] = (body) => app.create(body);
  /** Who is offered (and free) at `time` on `date`, for the service. */
  const offered = async (date: string, time: string, serviceType = 'phone') => {
    const res = await call(
      'GET',
      `/api/availability?from=${date}&to=${date}&serviceType=${serviceType}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json().days as BookingDay[];
    return day!.slots
      .filter((s) => s.startTime === at(date, time))
      .map((s) => `${s.staffId}${s.available ? '' : ' (taken)'}`);
  };
  const placeIdOf = async (q: string) => {
    const res = await call('GET', `/api/address/suggest?q=${encodeURIComponent(q)}`);
    return res.json().predictions[0].placeId as string;
  };
  it.each([
    ['GET', '/api/admin/consultants', undefined],
    ['POST', '/api/admin/consultants', { name: 'Sam', weeklyHours: hours }],
    ['PATCH', '/api/admin/consultants/staff-1', { active: false }],
    ['DELETE', '/api/admin/consultants/staff-1', undefined],
  ] as const)('%s %s: 401 anonymous, 403 staff', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, 'staff', payload)).statusCode).toBe(403);
  });

  it("lists the booking staff of before as a consultant working the rules' whole grid", async () => {
    const res = await call('GET', '/api/admin/consultants', 'admin');
    expect(res.statusCode).toBe(200);
    const grid = [{ start: '08:00', end: '16:00' }];
    expect(res.json().consultants).toEqual([
      {
        id: 'staff-1',
        name: 'Consultant',
        email: null,
        mobile: null,
        staffUserId: null,
        active: true,
        services: ['phone', 'onsite'],
        weeklyHours: {
          sun: grid,
          mon: grid,
          tue: grid,
          wed: grid,
          thu: grid,
          fri: grid,
          sat: grid,
        },
        timeOff: [],
        base: { placeId: null, ...d.base_address, isBusinessBase: true },
        territory: null,
        calendar: noCalendar,
      },
    ]);
  });

  it('adds a consultant with a base from the suggestions, whose hours the calendar offers', async () => {
    const placeId = await placeIdOf('12 Smith Street, Fitzroy');
    const res = await call('POST', '/api/admin/consultants', 'admin', {
      name: ' Sam Lee ',
      email: 'sam@example.com',
      mobile: '0412 345 678',
      weeklyHours: hours,
      timeOff: [{ from: '2026-12-24', to: '2027-01-02' }],
      base: { placeId },
      territory: { radiusKm: 40 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sam = res.json().consultant;
    expect(sam).toMatchObject({
      name: 'Sam Lee',
      mobile: '+61412345678',
      services: ['phone', 'onsite'],
      active: true,
      timeOff: [{ from: '2026-12-24', to: '2027-01-02' }],
      base: { placeId, address: '12 Smith Street, Fitzroy VIC 3065', isBusinessBase: false },
      territory: { radiusKm: 40 },
    });
    expect(sam.base.lat).toBeCloseTo(-37.8, 0);
    expect((await call('GET', `/api/admin/consultants/${sam.id}`, 'admin')).json()).toEqual({
      consultant: sam,
    });
    // Tuesday 10:00 both; 13:00 Sam has stopped; Wednesday 10:00 Sam has not started yet
    expect(await offered(tuesday, '10:00')).toEqual(['staff-1', sam.id]);
    expect(await offered(tuesday, '13:00')).toEqual(['staff-1']);
    expect(await offered(wednesday, '10:00')).toEqual(['staff-1']);
    expect(await offered(wednesday, '13:30')).toEqual(['staff-1', sam.id]);

    // only what is sent changes: onsite only, then off on Tuesday, then inactive
    const patch = async (body: object) => {
      const changed = await call('PATCH', `/api/admin/consultants/${sam.id}`, 'admin', body);
      expect(changed.statusCode, changed.body).toBe(200);
      return changed.json().consultant;
    };
    expect(await patch({ services: ['onsite'] })).toMatchObject({
      name: 'Sam Lee',
      services: ['onsite'],
    });
    expect(await offered(tuesday, '10:00')).toEqual(['staff-1']);
    expect(await offered(tuesday, '10:00', 'onsite')).toEqual(['staff-1', sam.id]);
    await patch({ timeOff: [{ from: tuesday, to: tuesday }] });
    expect(await offered(tuesday, '10:00', 'onsite')).toEqual(['staff-1']);
    expect(await offered(wednesday, '13:30', 'onsite')).toEqual(['staff-1', sam.id]);
    expect(await patch({ active: false, base: null })).toMatchObject({
      active: false,
      base: { placeId: null, isBusinessBase: true },
    });
    expect(await offered(wednesday, '13:30', 'onsite')).toEqual(['staff-1']);
  });

  it('refuses bad input with field messages, and never saves it', async () => {
    const before = (await call('GET', '/api/admin/consultants', 'admin')).json();
    const bad = await call('POST', '/api/admin/consultants', 'admin', {
      name: '',
      mobile: '123',
      services: [],
      weeklyHours: { ...week, mon: [{ start: '12:00', end: '09:00' }] },
      timeOff: [{ from: '2026-12-24', to: '2026-12-01' }],
      territory: { postcodes: ['2000'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: m.name,
      mobile: m.mobile,
      services: consultantMessages.services,
      'weeklyHours.mon.0': consultantMessages.range,
      'timeOff.0': consultantMessages.timeOff,
    });
    const overlapping = await call('POST', '/api/admin/consultants', 'admin', {
      name: 'Overlap',
      weeklyHours: {
        ...week,
        mon: [
          { start: '08:00', end: '12:00' },
          { start: '11:00', end: '14:00' },
        ],
      },
    });
    expect(overlapping.json().error.fields).toMatchObject({
      'weeklyHours.mon': consultantMessages.range,
    });
    const nowhere = await call('POST', '/api/admin/consultants', 'admin', {
      name: 'Nowhere',
      weeklyHours: hours,
      base: { placeId: 'no-such-place' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.fields).toEqual({ 'base.placeId': m.baseNotFound });
    const noAccount = await call('POST', '/api/admin/consultants', 'admin', {
      name: 'No account',
      weeklyHours: hours,
      staffUserId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().error.fields).toEqual({ staffUserId: m.staffUser });
    expect((await call('GET', '/api/admin/consultants', 'admin')).json()).toEqual(before);
    expect(
      (await call('PATCH', '/api/admin/consultants/nobody', 'admin', { active: true })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a consultant with bookings to come, naming them, then deletes', async () => {
    const kim = await create({ name: 'Kim', weeklyHours: hours });
    const seed = (start: string, status?: string) =>
      seedBooking(t.database.db, {
        staffId: kim.id,
        start: new Date(start),
        ...(status && { status }),
      });
    await seed(at('2026-11-23', '08:00')); // over before now (09:00): no reason to refuse
    await seed(at(tuesday, '09:00'), 'cancelled');
    const coming = await seed(at(tuesday, '10:00'));
    const refused = await call('DELETE', `/api/admin/consultants/${kim.id}`, 'admin');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      m.hasFutureBookings(1, 'Tuesday 24 November 2026, 10:00 am'),
    );
    await t.database.db
      .update(bookings)
      .set({ status: 'cancelled' })
      .where(eq(bookings.id, coming));
    const deleted = await call('DELETE', `/api/admin/consultants/${kim.id}`, 'admin');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call('DELETE', `/api/admin/consultants/${kim.id}`, 'admin')).statusCode).toBe(
      404,
    );
  });
});
