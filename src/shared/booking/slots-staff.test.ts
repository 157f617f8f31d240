// Several staff, bookings and holds. Tuesday 24 November 2026, asked on Monday morning.
import { describe, expect, it } from 'vitest';
import { bookingDaySchema } from './slot.contract';
import { alex, billie, dayOf, slotAt } from './test-helpers';

const now = '2026-11-23T09:00:00+11:00';
const date = '2026-11-24';
const staff = [alex, billie];
const at = (time: string) => `${date}T${time}:00+11:00`;
const busy = (staffId: string, from: string, to: string) => ({
  staffId,
  startTime: at(from),
  endTime: at(to),
});
const taken = (day: ReturnType<typeof dayOf>) =>
  day.slots.filter((s) => !s.available).map((s) => `${s.staffId}@${s.startTime.slice(11, 16)}`);

describe('slots per staff member', () => {
  it('offers each slot once per staff member, in time order, with unique stable ids', () => {
    const day = dayOf(date, { staff, now });
    expect(day.slots).toHaveLength(32);
    expect(day.slots.slice(0, 2)).toEqual([
      {
        id: 'staff-alex:2026-11-24T08:00:00+11:00',
        startTime: at('08:00'),
        endTime: at('08:30'),
        available: true,
        staffId: alex.id,
      },
      {
        id: 'staff-billie:2026-11-24T08:00:00+11:00',
        startTime: at('08:00'),
        endTime: at('08:30'),
        available: true,
        staffId: billie.id,
      },
    ]);
    expect(new Set(day.slots.map((s) => s.id)).size).toBe(32);
    expect(bookingDaySchema.parse(day)).toEqual(day);
  });

  it('has open days without slots when there is no staff', () => {
    expect(dayOf(date, { staff: [], now })).toEqual({
      date,
      closedReason: null,
      holidayName: null,
      slots: [],
    });
  });
});

describe('bookings and holds', () => {
  it("a booking of one staff member leaves the other's slot available", () => {
    const day = dayOf(date, { staff, now, bookings: [busy(alex.id, '09:00', '09:30')] });
    expect(taken(day)).toEqual(['staff-alex@09:00']);
    expect(slotAt(day, billie.id, '09:00').available).toBe(true);
    expect(slotAt(day, alex.id, '08:30').available).toBe(true);
    expect(slotAt(day, alex.id, '09:30').available).toBe(true);
  });

  it('a hold blocks its slot until it expires', () => {
    const hold = { ...busy(billie.id, '10:00', '10:30'), expiresAt: '2026-11-23T09:10:00+11:00' };
    expect(taken(dayOf(date, { staff, now, holds: [hold] }))).toEqual(['staff-billie@10:00']);
    const expired = { ...hold, expiresAt: '2026-11-23T08:59:00+11:00' };
    expect(taken(dayOf(date, { staff, now, holds: [expired] }))).toEqual([]);
  });

  it('a one-hour booking takes two slots and not its neighbours', () => {
    const day = dayOf(date, { staff, now, bookings: [busy(alex.id, '11:00', '12:00')] });
    expect(taken(day)).toEqual(['staff-alex@11:00', 'staff-alex@11:30']);
  });

  it('a booking across a slot boundary takes both slots it overlaps', () => {
    const day = dayOf(date, { staff, now, bookings: [busy(billie.id, '13:15', '13:45')] });
    expect(taken(day)).toEqual(['staff-billie@13:00', 'staff-billie@13:30']);
  });

  it('reads Date objects and UTC strings as the same instants', () => {
    const bookings = [
      {
        staffId: alex.id,
        startTime: new Date('2026-11-23T22:00:00Z'),
        endTime: new Date('2026-11-23T22:30:00Z'),
      },
      { staffId: billie.id, startTime: '2026-11-24T04:30:00Z', endTime: '2026-11-24T05:00:00Z' },
    ];
    expect(taken(dayOf(date, { staff, now, bookings }))).toEqual([
      'staff-alex@09:00',
      'staff-billie@15:30',
    ]);
  });

  it('ignores bookings of staff not in the list', () => {
    const day = dayOf(date, { staff, now, bookings: [busy('staff-former', '08:00', '16:00')] });
    expect(taken(day)).toEqual([]);
  });
});
