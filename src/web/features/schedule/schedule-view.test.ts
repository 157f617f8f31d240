import { describe, expect, it } from 'vitest';
import type { Appointment } from '#shared/staff/schedule.contract.ts';
import { dayEntries, rangeOf, readView, viewSearch } from './schedule-view';

const t = (time: string) => `2026-11-24T${time}:00+11:00`;
const appointment = (start: string, end: string): Appointment => ({
  bookingId: start,
  leadId: null,
  startTime: t(start),
  endTime: t(end),
  serviceType: 'phone',
  status: 'confirmed',
  customerName: null,
  mobile: null,
  address: null,
  suburb: null,
  notes: null,
  driveMinutesBefore: null,
});

describe('/schedule view', () => {
  it('reads the view from the URL, today by default, and writes it back', () => {
    expect(readView('', '2026-11-24')).toEqual({
      view: 'day',
      date: '2026-11-24',
      consultant: null,
    });
    const view = readView('?view=week&date=2026-11-26&consultant=staff-1', '2026-11-24');
    expect(view).toEqual({ view: 'week', date: '2026-11-26', consultant: 'staff-1' });
    expect(viewSearch(view)).toBe('?view=week&date=2026-11-26&consultant=staff-1');
    expect(readView('?date=not-a-date', '2026-11-24').date).toBe('2026-11-24');
  });

  it('shows a week from Monday to Sunday', () => {
    expect(rangeOf({ view: 'week', date: '2026-11-26', consultant: null })).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(rangeOf({ view: 'week', date: '2026-11-29', consultant: null }).from).toBe('2026-11-23');
  });

  it('puts the free time between appointments within the working hours', () => {
    const hours = [
      { start: t('08:00'), end: t('12:00') },
      { start: t('13:00'), end: t('16:00') },
    ];
    const entries = dayEntries(hours, [
      appointment('09:00', '09:30'),
      appointment('13:00', '13:30'),
    ]);
    expect(
      entries.map((e) =>
        e.kind === 'free'
          ? `free ${e.start.slice(11, 16)}–${e.end.slice(11, 16)}`
          : `booked ${e.appointment.startTime.slice(11, 16)}`,
      ),
    ).toEqual([
      'free 08:00–09:00',
      'booked 09:00',
      'free 09:30–12:00',
      'booked 13:00',
      'free 13:30–16:00',
    ]);
  });
});
