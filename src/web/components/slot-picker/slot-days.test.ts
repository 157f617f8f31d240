import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  closedNote,
  defaultDate,
  moveInGrid,
  nextAvailableDays,
  slotTimes,
  type BookingDay,
} from './slot-days';

const slot = (staffId: string, time: string, available: boolean) => ({
  id: `${staffId}:${time}`,
  staffId,
  startTime: `2026-11-25T${time}:00+11:00`,
  endTime: `2026-11-25T${time.replace(':00', ':30')}:00+11:00`,
  available,
});

const day = (date: string, overrides: Partial<BookingDay> = {}): BookingDay => ({
  date,
  closedReason: null,
  holidayName: null,
  slots: [slot('staff-1', '09:00', true)],
  ...overrides,
});

describe('slotTimes', () => {
  it('shows one button per start, free while any consultant is', () => {
    const times = slotTimes(
      day('2026-11-25', {
        slots: [
          slot('staff-1', '09:00', false),
          slot('staff-2', '09:00', true),
          slot('staff-1', '08:00', false),
          slot('staff-2', '08:00', false),
        ],
      }),
    );
    expect(times.map((t) => [t.startTime.slice(11, 16), t.available])).toEqual([
      ['08:00', false],
      ['09:00', true],
    ]);
  });
});

describe('defaultDate', () => {
  const days = [
    day('2026-11-23', { closedReason: 'past-cutoff', slots: [] }),
    day('2026-11-24', { slots: [slot('staff-1', '09:00', false)] }),
    day('2026-11-25'),
    day('2026-11-26'),
  ];
  it('is the next booking date when it is open', () => {
    expect(defaultDate(days, '2026-11-26')).toBe('2026-11-26');
  });
  it('else the first day with a free time', () => {
    expect(defaultDate(days, '2026-11-24')).toBe('2026-11-25');
    expect(defaultDate(days, undefined)).toBe('2026-11-25');
    expect(defaultDate([], undefined)).toBeNull();
  });
});

describe('closedNote', () => {
  it('says why a day cannot be picked', () => {
    expect(
      closedNote(day('2026-12-25', { closedReason: 'holiday', holidayName: 'Christmas Day' })),
    ).toBe('Christmas Day, closed');
    expect(closedNote(day('2026-11-28', { closedReason: 'weekend', slots: [] }))).toBe('closed');
    expect(closedNote(day('2026-11-24', { slots: [slot('staff-1', '09:00', false)] }))).toBe(
      'fully booked',
    );
    expect(closedNote(day('2026-11-25'))).toBeNull();
  });
});

describe('the calendar grid', () => {
  // Wednesday 25 November 2026 … Tuesday 8 December: two days of blanks before it
  const days = Array.from({ length: 14 }, (_, i) =>
    day(new Date(Date.UTC(2026, 10, 25 + i)).toISOString().slice(0, 10)),
  );
  it('lays the days out in weeks from Monday', () => {
    const weeks = calendarWeeks(days);
    expect(weeks).toHaveLength(3);
    expect(weeks[0]!.map((cell) => cell?.date.slice(8) ?? null)).toEqual([
      null,
      null,
      '25',
      '26',
      '27',
      '28',
      '29',
    ]);
    expect(weeks[2]!.map((cell) => cell?.date.slice(8) ?? null)).toEqual([
      '07',
      '08',
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('moves focus by day, week and to the ends of the week, inside the range', () => {
    const offset = 2; // Wednesday
    expect(moveInGrid(0, 'ArrowRight', 14, offset)).toBe(1);
    expect(moveInGrid(0, 'ArrowLeft', 14, offset)).toBe(0);
    expect(moveInGrid(3, 'ArrowDown', 14, offset)).toBe(10);
    expect(moveInGrid(10, 'ArrowDown', 14, offset)).toBe(13);
    expect(moveInGrid(10, 'ArrowUp', 14, offset)).toBe(3);
    expect(moveInGrid(7, 'Home', 14, offset)).toBe(5); // Thursday 2 Dec → Monday 30 Nov
    expect(moveInGrid(7, 'End', 14, offset)).toBe(11);
    expect(moveInGrid(7, 'Enter', 14, offset)).toBeNull();
  });
});

describe('nextAvailableDays (issue 15 item 16: calendar view off)', () => {
  const at = (start: string, available: boolean) => ({
    id: `staff-1:${start}`,
    startTime: `${start}:00+11:00`,
    endTime: `${start}:59+11:00`,
    available,
    staffId: 'staff-1',
  });
  const day = (
    date: string,
    closedReason: BookingDay['closedReason'],
    slots: BookingDay['slots'],
  ) => ({ date, closedReason, holidayName: null, slots }) as BookingDay;
  const days = [
    day('2026-11-23', 'past-cutoff', []),
    day('2026-11-24', null, [at('2026-11-24T09:00', false), at('2026-11-24T10:00', true)]),
    day('2026-11-25', null, [at('2026-11-25T09:00', false)]),
    day('2026-11-26', null, [at('2026-11-26T09:00', true), at('2026-11-26T10:00', true)]),
    day('2026-11-28', 'weekend', []),
    day('2026-11-30', null, [at('2026-11-30T09:00', true)]),
  ];

  it('lists the open days soonest first with their free times only', () => {
    const list = nextAvailableDays(days, 2);
    expect(list.map((d) => d.date)).toEqual(['2026-11-24', '2026-11-26']);
    expect(list[0]!.slots.map((s) => s.startTime)).toEqual(['2026-11-24T10:00:00+11:00']);
    expect(list[1]!.slots).toHaveLength(2);
  });

  it('keeps the time this person holds', () => {
    const list = nextAvailableDays(days, 5, '2026-11-25T09:00:00+11:00');
    expect(list.map((d) => d.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-30',
    ]);
  });
});
