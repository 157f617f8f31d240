import { addDays, weekday } from '#shared/booking/calendar.ts';
import type { Appointment } from '#shared/staff/schedule.contract.ts';

// What /schedule shows lives in the URL (?view=week&date=2026-11-24&consultant=staff-1), so a
// view can be shared, reloaded and printed. Days are Melbourne calendar days.

export interface ScheduleView {
  view: 'day' | 'week';
  date: string;
  consultant: string | null;
}

const isDate = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export function readView(search: string, today: string): ScheduleView {
  const params = new URLSearchParams(search);
  const date = params.get('date');
  return {
    view: params.get('view') === 'week' ? 'week' : 'day',
    date: isDate(date) ? date : today,
    consultant: params.get('consultant') || null,
  };
}

export function viewSearch(view: ScheduleView): string {
  const params = new URLSearchParams({ view: view.view, date: view.date });
  if (view.consultant) params.set('consultant', view.consultant);
  return `?${params}`;
}

/** The dates shown: the day, or Monday to Sunday of its week. */
export function rangeOf(view: ScheduleView): { from: string; to: string } {
  if (view.view === 'day') return { from: view.date, to: view.date };
  const monday = addDays(view.date, -((weekday(view.date) + 6) % 7));
  return { from: monday, to: addDays(monday, 6) };
}

/** The step of the previous and next buttons. */
export const stepDays = (view: ScheduleView) => (view.view === 'day' ? 1 : 7);

export type DayEntry =
  { kind: 'appointment'; appointment: Appointment } | { kind: 'free'; start: string; end: string };

/**
 * A consultant's day in order: each appointment, and the free time between them within their
 * working hours (the gaps a phone-in customer could be given).
 */
export function dayEntries(
  hours: { start: string; end: string }[],
  appointments: Appointment[],
): DayEntry[] {
  const entries: DayEntry[] = [];
  const ms = (iso: string) => Date.parse(iso);
  for (const range of hours) {
    let cursor = range.start;
    for (const a of appointments) {
      if (ms(a.endTime) <= ms(range.start) || ms(a.startTime) >= ms(range.end)) continue;
      if (ms(a.startTime) > ms(cursor))
        entries.push({ kind: 'free', start: cursor, end: a.startTime });
      if (ms(a.endTime) > ms(cursor)) cursor = a.endTime;
    }
    if (ms(range.end) > ms(cursor)) entries.push({ kind: 'free', start: cursor, end: range.end });
  }
  for (const a of appointments) entries.push({ kind: 'appointment', appointment: a });
  const startOf = (e: DayEntry) => ms(e.kind === 'free' ? e.start : e.appointment.startTime);
  return entries.sort((x, y) => startOf(x) - startOf(y));
}
