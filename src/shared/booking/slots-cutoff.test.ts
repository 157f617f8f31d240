// Cutoff and lead times. Monday 23 November 2026 is in AEDT (+11:00).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSlots } from './slots';
import { alex, dayOf, halfHours, startTimes } from './test-helpers';

const monday = '2026-11-23';
const tuesday = '2026-11-24';
const at = (date: string, time: string) => `${date}T${time}:00+11:00`;

describe('same day', () => {
  it('at 10:10 offers today from 11:30 (one hour lead, next slot start)', () => {
    const today = dayOf(monday, { now: at(monday, '10:10') });
    expect(today.closedReason).toBeNull();
    expect(startTimes(today)).toEqual(halfHours('11:30', 9));
    expect(today.slots[0]?.startTime).toBe('2026-11-23T11:30:00+11:00');
  });

  it('counts a slot exactly at the lead time as bookable', () => {
    expect(startTimes(dayOf(monday, { now: at(monday, '10:30') }))[0]).toBe('11:30');
    expect(startTimes(dayOf(monday, { now: at(monday, '10:31') }))[0]).toBe('12:00');
  });

  it('offers the whole day before opening', () => {
    expect(startTimes(dayOf(monday, { now: at(monday, '06:00') }))).toEqual(halfHours('08:00', 16));
  });

  it('closes today at the cutoff: 15:59 still offers, 16:00 does not', () => {
    const rules = { sameDayLeadTime: 0, slotsPerDay: 18 }; // slots until 17:00
    const before = dayOf(monday, { rules, now: at(monday, '15:59') });
    expect(startTimes(before)).toEqual(['16:00', '16:30']);
    const after = dayOf(monday, { rules, now: at(monday, '16:00') });
    expect(after).toEqual({
      date: monday,
      closedReason: 'past-cutoff',
      holidayName: null,
      slots: [],
    });
  });

  it('calls today past-cutoff when the lead time leaves no slot', () => {
    const today = dayOf(monday, { now: at(monday, '15:00') });
    expect(today.closedReason).toBe('past-cutoff');
    expect(today.slots).toEqual([]);
  });
});

describe('next day', () => {
  it('before the cutoff, tomorrow opens at 08:00', () => {
    expect(startTimes(dayOf(tuesday, { now: at(monday, '15:59') }))).toEqual(
      halfHours('08:00', 16),
    );
  });

  it('from the cutoff, tomorrow starts two hours after its first slot', () => {
    const days = generateSlots({
      staff: [alex],
      now: at(monday, '16:00'),
      from: monday,
      to: '2026-11-25',
    });
    expect(
      days.map((d) => [d.date, d.closedReason, startTimes(d)[0] ?? null, d.slots.length]),
    ).toEqual([
      [monday, 'past-cutoff', null, 0],
      [tuesday, null, '10:00', 12],
      ['2026-11-25', null, '08:00', 16],
    ]);
  });

  it('uses nextDayLeadTime from the rules', () => {
    const rules = { nextDayLeadTime: 3 };
    expect(startTimes(dayOf(tuesday, { rules, now: at(monday, '18:00') }))[0]).toBe('11:00');
  });

  it('after Friday’s cutoff applies to Monday when weekends are closed', () => {
    const days = generateSlots({
      staff: [alex],
      now: at('2026-11-27', '16:30'),
      from: '2026-11-28',
      to: '2026-11-30',
    });
    expect(days.map((d) => [d.closedReason, startTimes(d)[0] ?? null])).toEqual([
      ['weekend', null],
      ['weekend', null],
      [null, '10:00'],
    ]);
  });

  it('after Friday’s cutoff applies to Saturday when weekends are open', () => {
    const rules = { allowWeekends: true };
    const days = generateSlots({
      rules,
      staff: [alex],
      now: at('2026-11-27', '16:30'),
      from: '2026-11-28',
      to: '2026-11-30',
    });
    expect(days.map((d) => startTimes(d)[0])).toEqual(['10:00', '08:00', '08:00']);
  });

  it('skips a public holiday to reach the next open day', () => {
    const now = '2026-11-02T17:00:00+11:00'; // the Monday before the Cup
    expect(dayOf('2026-11-03', { now }).closedReason).toBe('holiday');
    expect(startTimes(dayOf('2026-11-04', { now }))[0]).toBe('10:00');
  });

  it('follows the literal rule on a closed day: only from that day’s cutoff', () => {
    const saturdayMorning = dayOf('2026-11-30', { now: at('2026-11-28', '10:00') });
    expect(startTimes(saturdayMorning)[0]).toBe('08:00');
    const saturdayEvening = dayOf('2026-11-30', { now: at('2026-11-28', '16:00') });
    expect(startTimes(saturdayEvening)[0]).toBe('10:00');
  });
  it('follows the literal rule at midnight: tomorrow becomes today', () => {
    expect(startTimes(dayOf(tuesday, { now: at(monday, '23:59') }))[0]).toBe('10:00');
    expect(startTimes(dayOf(tuesday, { now: at(tuesday, '00:01') }))[0]).toBe('08:00');
  });
});

describe('frozen clock', () => {
  afterEach(() => vi.useRealTimers());

  it('reads only the now it is given, never the system clock', () => {
    const input = { staff: [alex], now: at(monday, '10:10'), from: monday, to: tuesday };
    const expected = generateSlots(input);
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2001-01-01T00:00:00Z'));
    expect(generateSlots(input)).toEqual(expected);
  });
});
