import { describe, expect, it } from 'vitest';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { closedReasonText, formatShortDate, previewCounts, previewTimes } from './preview-days';

const slot = (staffId: string, time: string, available = true) => ({
  id: `${staffId}:${time}`,
  startTime: `2026-11-24T${time}:00+11:00`,
  endTime: `2026-11-24T${time}:30+11:00`,
  available,
  staffId,
});
const day = (overrides: Partial<BookingDay>): BookingDay => ({
  date: '2026-11-24',
  closedReason: null,
  holidayName: null,
  slots: [],
  ...overrides,
});

describe('the preview of the booking rules', () => {
  it('lists each start time once, in order, with the staff free then', () => {
    const tuesday = day({
      slots: [
        slot('a', '09:00', false),
        slot('b', '09:00'),
        slot('a', '08:00'),
        slot('b', '08:00'),
        slot('a', '10:00', false),
        slot('b', '10:00', false),
      ],
    });
    expect(previewTimes(tuesday).map((t) => [t.startTime.slice(11, 16), t.free, t.staff])).toEqual([
      ['08:00', 2, 2],
      ['09:00', 1, 2],
      ['10:00', 0, 2],
    ]);
    const closed = day({ date: '2026-11-28', closedReason: 'weekend' });
    expect(previewCounts([tuesday, closed])).toEqual({ openDays: 1, freeTimes: 2 });
  });

  it('says why a day is closed, with the holiday by name', () => {
    expect(closedReasonText(day({ closedReason: 'weekend' }))).toBe('Closed: weekend');
    expect(closedReasonText(day({ closedReason: 'holiday', holidayName: 'Christmas Day' }))).toBe(
      'Closed: public holiday (Christmas Day)',
    );
    expect(closedReasonText(day({ closedReason: 'blackout' }))).toBe('Closed: blackout date');
    expect(closedReasonText(day({}))).toBeNull();
  });

  it('writes dates short, whatever the zone of the browser', () => {
    expect(formatShortDate('2026-11-23')).toBe('Mon 23 Nov');
    expect(formatShortDate('2027-01-01')).toBe('Fri 1 Jan');
  });
});
