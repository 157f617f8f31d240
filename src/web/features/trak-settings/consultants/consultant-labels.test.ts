import { describe, expect, it } from 'vitest';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import {
  servicesLabel,
  territoryLabel,
  timeOffLabel,
  wallTimeLabel,
  weekLines,
  whoseTimes,
} from './consultant-labels';

const none: { start: string; end: string }[] = [];

describe('consultant labels', () => {
  it('reads wall times and a week, Monday first', () => {
    expect(['00:00', '08:30', '12:00', '13:05', '24:00'].map(wallTimeLabel)).toEqual([
      '12:00 am',
      '8:30 am',
      '12:00 pm',
      '1:05 pm',
      'midnight',
    ]);
    const week = weekLines({
      sun: none,
      mon: [
        { start: '08:00', end: '12:00' },
        { start: '13:00', end: '16:00' },
      ],
      tue: none,
      wed: none,
      thu: none,
      fri: none,
      sat: [{ start: '08:00', end: '12:00' }],
    });
    expect(week[0]).toEqual({
      day: 'mon',
      name: 'Monday',
      text: '8:00 am – 12:00 pm, 1:00 pm – 4:00 pm',
    });
    expect(week.map((line) => line.day)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(week[6]!.text).toBe('Not working');
  });

  it('names services, territory and time off', () => {
    expect(servicesLabel(['phone', 'onsite'])).toBe('Phone and onsite');
    expect(servicesLabel(['onsite'])).toBe('Onsite only');
    expect(territoryLabel(null)).toBe('Anywhere');
    expect(territoryLabel({ postcodes: ['3199', '3200'] })).toBe('Postcodes 3199, 3200');
    expect(territoryLabel({ radiusKm: 40 })).toBe('Within 40 km of their base');
    expect(timeOffLabel({ from: '2026-12-24', to: '2027-01-02' })).toBe('24 Dec 2026 – 2 Jan 2027');
    expect(timeOffLabel({ from: '2026-12-24', to: '2026-12-24' })).toBe('24 Dec 2026');
  });

  it("tells whose times are whose on a day, in the list's order", () => {
    const slot = (staffId: string, start: string, available: boolean) => ({
      id: `${staffId}:${start}`,
      staffId,
      startTime: `2026-11-24T${start}:00+11:00`,
      endTime: `2026-11-24T${start.slice(0, 3)}30:00+11:00`,
      available,
    });
    const day: BookingDay = {
      date: '2026-11-24',
      closedReason: null,
      holidayName: null,
      slots: [slot('b', '09:00', true), slot('a', '09:00', false), slot('a', '10:00', true)],
    };
    const names = new Map([
      ['a', 'Alex'],
      ['b', 'Bo'],
    ]);
    expect(whoseTimes(day, names)).toEqual([
      {
        id: 'a',
        name: 'Alex',
        first: '2026-11-24T09:00:00+11:00',
        last: '2026-11-24T10:30:00+11:00',
        free: 1,
        taken: 1,
      },
      {
        id: 'b',
        name: 'Bo',
        first: '2026-11-24T09:00:00+11:00',
        last: '2026-11-24T09:30:00+11:00',
        free: 1,
        taken: 0,
      },
    ]);
  });
});
