// Weekends, holidays, blackouts, the horizon and the date range.
import { describe, expect, it } from 'vitest';
import { generateSlots } from './slots';
import { alex, dayOf, halfHours, startTimes } from './test-helpers';

const now = '2026-11-23T09:00:00+11:00'; // Monday; the horizon runs to Wednesday 23 December

describe('weekends', () => {
  it('are closed by default', () => {
    const days = generateSlots({ staff: [alex], now, from: '2026-11-28', to: '2026-11-29' });
    expect(days.map((d) => [d.closedReason, d.slots.length])).toEqual([
      ['weekend', 0],
      ['weekend', 0],
    ]);
  });

  it('are open with allowWeekends', () => {
    const rules = { allowWeekends: true };
    const days = generateSlots({ rules, staff: [alex], now, from: '2026-11-28', to: '2026-11-29' });
    expect(days.map(startTimes)).toEqual([halfHours('08:00', 16), halfHours('08:00', 16)]);
  });
});

describe('public holidays', () => {
  it('closes Melbourne Cup day and names it', () => {
    const days = generateSlots({
      staff: [alex],
      now: '2026-10-26T09:00:00+11:00',
      from: '2026-11-02',
      to: '2026-11-04',
    });
    expect(days.map((d) => [d.date, d.closedReason, d.holidayName, d.slots.length])).toEqual([
      ['2026-11-02', null, null, 16],
      ['2026-11-03', 'holiday', 'Melbourne Cup', 0],
      ['2026-11-04', null, null, 16],
    ]);
  });

  it("closes New Year's Day", () => {
    const day = dayOf('2027-01-01', { now: '2026-12-20T09:00:00+11:00' });
    expect(day).toEqual({
      date: '2027-01-01',
      closedReason: 'holiday',
      holidayName: "New Year's Day",
      slots: [],
    });
  });

  it('closes Australia Day even with weekends open', () => {
    const day = dayOf('2026-01-26', {
      rules: { allowWeekends: true },
      now: '2026-01-05T09:00:00+11:00',
    });
    expect([day.closedReason, day.holidayName, day.slots.length]).toEqual([
      'holiday',
      'Australia Day',
      0,
    ]);
  });

  it('names a holiday beyond the horizon but closes it as outside-horizon', () => {
    const day = dayOf('2026-12-25', { now });
    expect([day.closedReason, day.holidayName]).toEqual(['outside-horizon', 'Christmas Day']);
  });
});

describe('blackout dates', () => {
  it('close the day', () => {
    const rules = { blackoutDates: ['2026-11-25'] };
    const days = generateSlots({ rules, staff: [alex], now, from: '2026-11-24', to: '2026-11-26' });
    expect(days.map((d) => [d.closedReason, d.slots.length])).toEqual([
      [null, 16],
      ['blackout', 0],
      [null, 16],
    ]);
  });
});

describe('horizon', () => {
  it('runs from today to today + 30 days', () => {
    const days = generateSlots({ staff: [alex], now, from: '2026-11-22', to: '2026-12-24' });
    expect(days).toHaveLength(33);
    expect(days[0]?.closedReason).toBe('outside-horizon'); // yesterday
    expect(days.at(-2)?.date).toBe('2026-12-23');
    expect(startTimes(days.at(-2)!)).toEqual(halfHours('08:00', 16));
    expect(days.at(-1)).toEqual({
      date: '2026-12-24',
      closedReason: 'outside-horizon',
      holidayName: null,
      slots: [],
    });
  });

  it('follows horizonDays', () => {
    const rules = { horizonDays: 2 };
    expect(dayOf('2026-11-25', { rules, now }).slots).toHaveLength(16);
    expect(dayOf('2026-11-26', { rules, now }).closedReason).toBe('outside-horizon');
  });

  it('starts from the Melbourne date, not the UTC one', () => {
    // 13:30 UTC on the 23rd is 00:30 on the 24th in Melbourne: the 23rd is already past.
    const lateNow = '2026-11-23T13:30:00Z';
    expect(dayOf('2026-11-23', { now: lateNow }).closedReason).toBe('outside-horizon');
    expect(dayOf('2026-11-24', { now: lateNow }).slots).toHaveLength(16);
  });
});

describe('date range', () => {
  it('is empty when to is before from', () => {
    expect(generateSlots({ staff: [alex], now, from: '2026-11-25', to: '2026-11-24' })).toEqual([]);
  });

  it('refuses dates that do not exist and ranges over a year', () => {
    expect(() =>
      generateSlots({ staff: [alex], now, from: '2026-02-30', to: '2026-03-01' }),
    ).toThrow(RangeError);
    expect(() =>
      generateSlots({ staff: [alex], now, from: '2026-01-01', to: '2027-12-31' }),
    ).toThrow(RangeError);
    expect(() =>
      generateSlots({ staff: [alex], now: 'yesterday', from: '2026-11-24', to: '2026-11-24' }),
    ).toThrow(RangeError);
  });
});
