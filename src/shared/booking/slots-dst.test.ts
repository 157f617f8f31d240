// Melbourne daylight saving: it ends on the first Sunday of April (03:00 AEDT → 02:00 AEST) and
// starts on the first Sunday of October (02:00 AEST → 03:00 AEDT). Those are Sundays, so
// weekends are open here.
import { describe, expect, it } from 'vitest';
import { generateSlots, slotBounds } from './slots';
import type { BookingDay } from './slot.contract';
import { alex, dayOf, halfHours, startTimes } from './test-helpers';

const rules = { allowWeekends: true };
const thirtyMinutes = 30 * 60_000;

function expectGrid(slots: { startTime: string; endTime: string }[], date: string, offset: string) {
  expect(slots).toHaveLength(16);
  expect(slots.map((s) => s.startTime)).toEqual(
    halfHours('08:00', 16).map((t) => `${date}T${t}:00${offset}`),
  );
  expect(slots.at(-1)?.endTime).toBe(`${date}T16:00:00${offset}`);
  for (const [i, slot] of slots.entries()) {
    expect(Date.parse(slot.endTime) - Date.parse(slot.startTime)).toBe(thirtyMinutes);
    if (i > 0) expect(slot.startTime).toBe(slots[i - 1]?.endTime);
  }
}

const summary = (d: BookingDay) => [d.date, d.closedReason, d.holidayName, d.slots.length];

describe('daylight saving ends (Sunday 5 April 2026)', () => {
  it('keeps the grid at 08:00 local: +11:00 the day before, +10:00 on the day and after', () => {
    expectGrid(slotBounds('2026-04-04', rules), '2026-04-04', '+11:00');
    expectGrid(slotBounds('2026-04-05', rules), '2026-04-05', '+10:00');
    expectGrid(slotBounds('2026-04-06', rules), '2026-04-06', '+10:00');
    expect(slotBounds('2026-04-05', rules)[0]?.startTime).toBe('2026-04-05T08:00:00+10:00');
    expect(new Date(slotBounds('2026-04-05')[0]!.startTime).toISOString()).toBe(
      '2026-04-04T22:00:00.000Z',
    );
  });

  it('is Easter Sunday, so the whole Easter weekend is closed', () => {
    const days = generateSlots({
      rules,
      staff: [alex],
      now: '2026-04-01T09:00:00+11:00',
      from: '2026-04-04',
      to: '2026-04-06',
    });
    expect(days.map(summary)).toEqual([
      ['2026-04-04', 'holiday', 'Easter Saturday', 0],
      ['2026-04-05', 'holiday', 'Easter Sunday', 0],
      ['2026-04-06', 'holiday', 'Easter Monday', 0],
    ]);
  });
});

describe('daylight saving ends on a working weekend (Sunday 4 April 2027)', () => {
  const now = '2027-03-30T09:00:00+11:00';

  it('offers 16 slots a day with the offset of each day', () => {
    const days = generateSlots({ rules, staff: [alex], now, from: '2027-04-03', to: '2027-04-05' });
    expectGrid(days[0]!.slots, '2027-04-03', '+11:00');
    expectGrid(days[1]!.slots, '2027-04-04', '+10:00');
    expectGrid(days[2]!.slots, '2027-04-05', '+10:00');
  });

  it('knows the date during the repeated hour', () => {
    const first = dayOf('2027-04-04', { rules, now: '2027-04-03T15:30:00Z' }); // 02:30 +11:00
    const second = dayOf('2027-04-04', { rules, now: '2027-04-03T16:30:00Z' }); // 02:30 +10:00
    expect(startTimes(first)).toEqual(halfHours('08:00', 16));
    expect(startTimes(second)).toEqual(halfHours('08:00', 16));
  });
});

describe('daylight saving starts (Sunday 4 October 2026)', () => {
  const now = '2026-09-28T09:00:00+10:00';

  it('offers 16 slots from 08:00: +10:00 the day before, +11:00 on the day and after', () => {
    const days = generateSlots({ rules, staff: [alex], now, from: '2026-10-03', to: '2026-10-05' });
    expect(days.map(summary)).toEqual([
      ['2026-10-03', null, null, 16],
      ['2026-10-04', null, null, 16],
      ['2026-10-05', null, null, 16],
    ]);
    expectGrid(days[0]!.slots, '2026-10-03', '+10:00');
    expectGrid(days[1]!.slots, '2026-10-04', '+11:00');
    expectGrid(days[2]!.slots, '2026-10-05', '+11:00');
    expect(new Date(days[1]!.slots[0]!.startTime).toISOString()).toBe('2026-10-03T21:00:00.000Z');
  });

  it('applies the same-day lead time in the new offset', () => {
    // 07:30 AEDT, five and a half hours after the clocks went forward.
    expect(startTimes(dayOf('2026-10-04', { rules, now: '2026-10-04T07:30:00+11:00' }))[0]).toBe(
      '08:30',
    );
  });

  it('applies the next-day lead time across the change', () => {
    // Saturday 16:00 AEST; Sunday's first slot is 08:00 AEDT, so the earliest is 10:00 AEDT.
    const sunday = dayOf('2026-10-04', { rules, now: '2026-10-03T16:00:00+10:00' });
    expect(sunday.slots[0]?.startTime).toBe('2026-10-04T10:00:00+11:00');
    expect(sunday.slots).toHaveLength(12);
  });
});
