import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  setSetting,
  setStaff,
  slotsOn,
  staffOf,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { bookings } from '#server/db/schema/index.ts';

const tuesday = '2026-11-24';

describe('availability and the booking rules', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists the horizon by default, with Melbourne offsets and closed days', async () => {
    const res = await get('/api/availability');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      from: '2026-11-23',
      to: '2026-12-23',
      timezone: d.timezone,
      serviceType: 'phone',
    });
    expect(body.days).toHaveLength(31);
    // 09:00 now: the same-day lead time of one hour makes 10:00 the first slot today
    expect(body.days[0].slots[0]).toEqual({
      id: 'staff-1:2026-11-23T10:00:00+11:00',
      startTime: '2026-11-23T10:00:00+11:00',
      endTime: '2026-11-23T10:30:00+11:00',
      available: true,
      staffId: 'staff-1',
    });
    expect(body.days[5]).toMatchObject({ date: '2026-11-28', closedReason: 'weekend', slots: [] });
  });

  it('clips a range to the horizon and answers nothing outside it', async () => {
    const wide = (await get('/api/availability?from=2026-11-01&to=2027-03-01')).json();
    expect([wide.from, wide.to, wide.days.length]).toEqual(['2026-11-23', '2026-12-23', 31]);
    const later = (await get('/api/availability?from=2027-01-10&to=2027-01-12')).json();
    expect(later.days).toEqual([]);
    const onsite = (
      await get(`/api/availability?from=${tuesday}&to=${tuesday}&serviceType=onsite`)
    ).json();
    expect(onsite).toMatchObject({ serviceType: 'onsite', days: [{ date: tuesday }] });
    expect(onsite.days[0].slots).toHaveLength(d.slots_per_day);
  });

  it.each([
    ['from=23-11-2026', { from: bookingMessages.dateInvalid }],
    ['from=2026-02-30', { from: bookingMessages.dateInvalid }],
    ['from=2026-11-25&to=2026-11-24', { to: bookingMessages.rangeOrder }],
    ['serviceType=video', { serviceType: bookingMessages.serviceType }],
  ])('refuses ?%s with a clear 400', async (query, fields) => {
    const res = await get(`/api/availability?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('shows held and booked slots as taken and a cancelled booking as free', async () => {
    await hold(t.app, randomUUID(), at(tuesday, '09:00'));
    const start = (time: string) => new Date(at(tuesday, time));
    const end = (time: string) => new Date(start(time).getTime() + 30 * 60_000);
    await t.database.db.insert(bookings).values([
      {
        staffId: 'staff-1',
        serviceType: 'phone',
        startTime: start('10:00'),
        endTime: end('10:00'),
      },
      {
        staffId: 'staff-1',
        serviceType: 'phone',
        startTime: start('11:00'),
        endTime: end('11:00'),
        status: 'cancelled',
      },
    ]);
    const slots = await slotsOn(t.app, tuesday);
    expect([slots.get('staff-1@09:00'), slots.get('staff-1@10:00')]).toEqual([false, false]);
    expect([slots.get('staff-1@08:30'), slots.get('staff-1@11:00')]).toEqual([true, true]);
  });

  it('gives the next booking date: today, then tomorrow after the cutoff or without staff', async () => {
    const next = async () => (await get('/api/trak/next-booking-date')).json().nextBookingDate;
    expect(await next()).toBe('2026-11-23');
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-27T16:30:00+11:00'); // Friday after the cutoff
    try {
      expect(await next()).toBe('2026-11-30');
    } finally {
      t.clock.now = saved;
    }
    await setStaff(t.database.db, []);
    try {
      expect(await next()).toBe('2026-11-24');
    } finally {
      await setStaff(t.database.db, staffOf(1));
    }
  });

  it('reads the booking rules in the spec shape, a bad value falling back to its default', async () => {
    await setSetting(t.database.db, 'allow_weekends', true);
    await setSetting(t.database.db, 'cutoff_hour', 'late');
    try {
      const res = await get('/api/trak/settings/booking-rules');
      expect(res.statusCode).toBe(200);
      expect(res.json().rules).toEqual({
        cutoff_hour: { value: d.cutoff_hour },
        same_day_lead_time: { value: d.same_day_lead_time },
        next_day_lead_time: { value: d.next_day_lead_time },
        allow_weekends: { value: true },
        timezone: { value: d.timezone },
        first_slot: { value: d.first_slot },
        slots_per_day: { value: d.slots_per_day },
        slot_minutes: { value: d.slot_minutes },
        blackout_dates: { value: d.blackout_dates },
        horizon_days: { value: 30 },
      });
      const saturday = (await get('/api/availability?from=2026-11-28&to=2026-11-28')).json();
      expect(saturday.days[0].slots).toHaveLength(d.slots_per_day);
    } finally {
      await setSetting(t.database.db, 'allow_weekends', d.allow_weekends);
      await setSetting(t.database.db, 'cutoff_hour', d.cutoff_hour);
    }
  });
});

describe('the availability rate limit', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp({ RATE_LIMIT_PUBLIC_MAX: '2' });
  });
  afterAll(() => t.close());

  it('limits the calendar reads per client address', async () => {
    const codes = [];
    for (const url of ['/api/availability', '/api/trak/next-booking-date', '/api/availability']) {
      codes.push((await t.app.inject({ method: 'GET', url })).statusCode);
    }
    expect(codes).toEqual([200, 200, 429]);
  });
});
