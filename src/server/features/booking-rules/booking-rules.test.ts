import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  setStaff,
  staffOf,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { seedBooking } from '#tests/helpers/lead-seeds.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { adminMessages } from '#shared/admin/admin-fields.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';

const preview = '/api/admin/booking-rules/preview';
const tuesday = '2026-11-24';
const wednesday = '2026-11-25';
const saturday = '2026-11-28';

describe('admin booking rules: the whole rules and a preview of a draft', () => {
  // the clock is frozen at Monday 23 November 2026, 09:00 in Melbourne
  let t: BookingTestApp;
  const cookies = { staff: '', admin: '' };
  beforeAll(async () => {
    t = await createBookingTestApp();
    const db = t.database.db;
    cookies.staff = await signInAs(t.app, (await createStaff(db, { role: 'staff' })).email);
    cookies.admin = await signInAs(t.app, (await createStaff(db, { role: 'admin' })).email);
  });
  afterAll(() => t.close());

  const call = (
    method: InjectOptions['method'],
    url: string,
    as?: 'staff' | 'admin',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: as ? { cookie: cookies[as], ...sameOrigin } : {},
      ...(payload && { payload }),
    });
  const previewDays = async (draft: object): Promise<BookingDay[]> => {
    const res = await call('POST', preview, 'admin', draft);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().days;
  };
  const dayOf = (days: BookingDay[], date: string) => days.find((d) => d.date === date)!;
  const savedRules = async () => (await call('GET', '/api/admin/booking-rules', 'admin')).json();

  it.each([
    ['GET', '/api/admin/booking-rules', undefined],
    ['POST', preview, { slotsPerDay: 4 }],
  ] as const)('%s %s: 401 anonymous, 403 staff', async (method, url, payload) => {
    expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    expect((await call(method, url, 'staff', payload)).statusCode).toBe(403);
  });

  it('reads the rules in force with the blackout dates', async () => {
    const res = await call('GET', '/api/admin/booking-rules', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rules: {
        cutoffHour: d.cutoff_hour,
        sameDayLeadTime: d.same_day_lead_time,
        nextDayLeadTime: d.next_day_lead_time,
        allowWeekends: d.allow_weekends,
        timezone: d.timezone,
        firstSlot: d.first_slot,
        slotsPerDay: d.slots_per_day,
        slotMinutes: d.slot_minutes,
        blackoutDates: d.blackout_dates,
        onsiteTravelBufferMinutes: d.onsite_travel_buffer_minutes,
      },
    });
  });

  it('previews the next seven days under the saved rules when the draft is empty', async () => {
    const res = await call('POST', preview, 'admin', {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
      timezone: d.timezone,
    });
    expect(body.days.map((d: BookingDay) => d.closedReason)).toEqual([
      null,
      null,
      null,
      null,
      null,
      'weekend',
      'weekend',
    ]);
    // 09:00 now and a one-hour same-day lead time: 10:00 is the first slot today
    expect(body.days[0].slots[0].startTime).toBe('2026-11-23T10:00:00+11:00');
    expect(dayOf(body.days, tuesday).slots).toHaveLength(d.slots_per_day);
  });

  it('shows the draft (weekends, slots per day, a blackout date) and saves nothing', async () => {
    const before = await savedRules();
    const days = await previewDays({
      allowWeekends: true,
      slots_per_day: 4, // snake_case is accepted, as by the save
      blackoutDates: [wednesday],
    });
    expect(dayOf(days, saturday)).toMatchObject({ closedReason: null });
    expect(dayOf(days, saturday).slots.map((s) => s.startTime)).toEqual([
      at(saturday, '08:00'),
      at(saturday, '08:30'),
      at(saturday, '09:00'),
      at(saturday, '09:30'),
    ]);
    expect(dayOf(days, tuesday).slots).toHaveLength(4);
    expect(dayOf(days, wednesday)).toMatchObject({ closedReason: 'blackout', slots: [] });

    expect(await savedRules()).toEqual(before);
    const pub = (await call('GET', '/api/trak/settings/booking-rules')).json();
    expect(pub.rules.slots_per_day.value).toBe(d.slots_per_day);
    expect(pub.rules.allow_weekends.value).toBe(d.allow_weekends);
  });

  it('shows a booked slot as taken, for the consultant who has it only', async () => {
    await seedBooking(t.database.db, { staffId: 'staff-1', start: new Date(at(tuesday, '10:00')) });
    const slotsAt10 = (days: BookingDay[]) =>
      dayOf(days, tuesday)
        .slots.filter((s) => s.startTime === at(tuesday, '10:00'))
        .map((s) => [s.staffId, s.available]);
    expect(slotsAt10(await previewDays({}))).toEqual([['staff-1', false]]);
    await setStaff(t.database.db, staffOf(2));
    try {
      expect(slotsAt10(await previewDays({}))).toEqual([
        ['staff-1', false],
        ['staff-2', true],
      ]);
    } finally {
      await setStaff(t.database.db, staffOf(1));
    }
  });

  it.each([
    [{ slotsPerDay: 0 }, { slotsPerDay: adminMessages.slotsPerDay }],
    [
      { firstSlot: '23:30', slotsPerDay: 16 },
      { slotsPerDay: 'The slots of a day must end by midnight' },
    ],
    [{ timezone: 'Mars/Olympus' }, { timezone: adminMessages.timezone }],
    [{ blackoutDates: ['25/11/2026'] }, { 'blackoutDates.0': adminMessages.blackoutDates }],
    [{ onsiteTravelBufferMinutes: 121 }, { onsiteTravelBufferMinutes: adminMessages.travelBuffer }],
  ])('refuses the draft %j with field messages', async (draft, fields) => {
    const res = await call('POST', preview, 'admin', draft);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual(fields);
  });

  it('reads back what the save wrote, and previews it', async () => {
    const saved = await call('POST', '/api/trak/settings/booking-rules', 'admin', {
      slotsPerDay: 8,
      blackoutDates: [tuesday],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      expect((await savedRules()).rules).toMatchObject({
        slotsPerDay: 8,
        blackoutDates: [tuesday],
      });
      const days = await previewDays({});
      expect(dayOf(days, tuesday).closedReason).toBe('blackout');
      expect(dayOf(days, wednesday).slots).toHaveLength(8);
    } finally {
      await call('POST', '/api/trak/settings/booking-rules', 'admin', {
        slotsPerDay: d.slots_per_day,
        blackoutDates: d.blackout_dates,
      });
    }
  });
});
