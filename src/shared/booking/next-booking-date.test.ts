import { describe, expect, it } from 'vitest';
import { nextBookingDate } from './next-booking-date';
import { alex, billie } from './test-helpers';

const monday = (time: string) => `2026-11-23T${time}:00+11:00`;
const tuesdayAllDay = (staffId: string) => ({
  staffId,
  startTime: '2026-11-24T08:00:00+11:00',
  endTime: '2026-11-24T16:00:00+11:00',
});
/** Every date from 2026-11-23 to 2026-12-23 (today … today + 30). */
const wholeHorizon = Array.from({ length: 31 }, (_, i) =>
  new Date(Date.UTC(2026, 10, 23 + i)).toISOString().slice(0, 10),
);

describe('nextBookingDate', () => {
  it('is today while today has a free slot', () => {
    expect(nextBookingDate({ staff: [alex], now: monday('10:10') })).toBe('2026-11-23');
  });

  it('is tomorrow after the cutoff', () => {
    expect(nextBookingDate({ staff: [alex], now: monday('16:00') })).toBe('2026-11-24');
  });

  it('skips a weekend', () => {
    expect(nextBookingDate({ staff: [alex], now: '2026-11-27T16:00:00+11:00' })).toBe('2026-11-30');
  });

  it('skips Melbourne Cup day', () => {
    expect(nextBookingDate({ staff: [alex], now: '2026-11-02T16:00:00+11:00' })).toBe('2026-11-04');
  });

  it('skips a day whose every slot is taken, and only when every staff member is taken', () => {
    const bookings = [tuesdayAllDay(alex.id)];
    expect(nextBookingDate({ staff: [alex], bookings, now: monday('16:00') })).toBe('2026-11-25');
    expect(nextBookingDate({ staff: [alex, billie], bookings, now: monday('16:00') })).toBe(
      '2026-11-24',
    );
  });

  it('falls back to tomorrow when every day is blacked out', () => {
    const rules = { blackoutDates: wholeHorizon };
    expect(nextBookingDate({ rules, staff: [alex], now: monday('09:00') })).toBe('2026-11-24');
  });

  it('falls back to tomorrow when there is no staff', () => {
    expect(nextBookingDate({ staff: [], now: monday('09:00') })).toBe('2026-11-24');
  });

  it('falls back to the Melbourne tomorrow when the inputs cannot be read', () => {
    const lateNow = '2026-11-23T13:30:00Z'; // 00:30 on the 24th in Melbourne
    const rules = { timezone: 'Mars/Olympus_Mons' };
    expect(nextBookingDate({ rules, staff: [alex], now: lateNow })).toBe('2026-11-25');
    const bookings = [{ staffId: alex.id, startTime: 'soon', endTime: 'later' }];
    expect(nextBookingDate({ staff: [alex], bookings, now: lateNow })).toBe('2026-11-25');
  });
});
