import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { createBookingTestApp, type BookingTestApp } from '#tests/helpers/booking-flows.ts';
import {
  beforeDst,
  busyCalendar,
  calendarOf,
  expectedBusy,
  plainEvent,
} from '#tests/helpers/busy-calendar.ts';
import { consultantCalendars } from '#server/db/schema/index.ts';
import { refreshConsultantCalendar } from './busy-sync';

// Issue 29: a consultant's busy times from a private ICS address (here a local server), across
// Melbourne's DST start; the booking page loses exactly those times, and a calendar that fails
// keeps its last good busy times. One consultant (staff-1) works 08:00–16:00 on weekdays.

const silent = { info() {}, warn() {}, error() {} };

describe('busy times from a private ICS address (both databases)', () => {
  let t: BookingTestApp;
  let server: Server;
  let origin = '';
  let answer: { status: number; body: string } = { status: 200, body: busyCalendar };
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createBookingTestApp({}, beforeDst);
  });
  afterAll(async () => {
    await t?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  const refresh = () =>
    refreshConsultantCalendar(t.database.db, 'staff-1', { now: t.clock.now, log: silent });
  const row = async () =>
    (
      await t.database.db
        .select()
        .from(consultantCalendars)
        .where(eq(consultantCalendars.consultantId, 'staff-1'))
    )[0]!;
  /** Each day's taken times ("date HH:MM") over the horizon, as the booking page shows them. */
  const takenTimes = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/availability' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().days as BookingDay[]).flatMap((day) =>
      day.slots.filter((s) => !s.available).map((s) => `${day.date} ${s.startTime.slice(11, 16)}`),
    );
  };

  it('takes exactly the busy times out of the booking page', async () => {
    const before = await takenTimes();
    await t.database.db
      .insert(consultantCalendars)
      .values({ consultantId: 'staff-1', kind: 'ics', url: `${origin}/private-7f3a/basic.ics` });
    await refresh();
    const synced = await row();
    expect(synced.busy).toEqual(expectedBusy);
    expect(synced).toMatchObject({ lastError: null, lastSyncedAt: t.clock.now });

    const after = await takenTimes();
    const lost = after.filter((time) => !before.includes(time));
    const allDay = Array.from({ length: 16 }, (_, i) => {
      const minutes = 8 * 60 + i * 30;
      return `2026-10-01 ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 ? '30' : '00'}`;
    });
    expect(lost.sort()).toEqual(
      [
        '2026-09-29 10:00', // the weekly meeting, AEST
        '2026-09-29 10:30',
        ...allDay, // the all-day conference
        '2026-10-06 10:00', // the weekly meeting, AEDT: still 10:00
        '2026-10-06 10:30',
        '2026-10-08 14:00', // a UTC event
        '2026-10-08 14:30',
        '2026-10-09 12:00', // a floating one, in Melbourne time
        '2026-10-21 14:00', // the meeting moved from Tuesday 20th
        '2026-10-21 14:30',
      ].sort(),
    );
    // nothing freed either
    expect(before.filter((time) => !after.includes(time))).toEqual([]);
  });

  it('keeps the last good busy times when the calendar fails, and says why', async () => {
    const good = await row();
    const cases: [typeof answer | 'down', string][] = [
      [
        { status: 401, body: 'no' },
        'The calendar server refused that address (it may have been reset).',
      ],
      [
        { status: 200, body: '<html><body>Sign in</body></html>' },
        'That address did not answer with a calendar.',
      ],
      [
        { status: 200, body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:nonsense' },
        'That address did not answer with a calendar.',
      ],
      [
        { status: 200, body: 'X'.repeat(2 * 1024 * 1024 + 10) },
        'The calendar is too large (over 2 MB).',
      ],
      [
        {
          status: 200,
          body: calendarOf(
            ...Array.from({ length: 5001 }, (_, i) =>
              plainEvent(`e${i}@x`, '2026-10-01T00:00:00Z', '2026-10-01T01:00:00Z'),
            ),
          ),
        },
        'The calendar is too large (over 5,000 events).',
      ],
      [{ status: 503, body: 'down' }, 'The calendar could not be reached.'],
    ];
    for (const [served, message] of cases) {
      t.advance(1);
      if (served !== 'down') answer = served;
      await refresh();
      const failed = await row();
      expect(failed.lastError, message).toBe(message);
      expect(failed.busy).toEqual(good.busy);
      expect(failed.lastSyncedAt).toEqual(good.lastSyncedAt);
      expect(failed.lastAttemptAt).toEqual(t.clock.now);
    }
    // unreachable: nothing listens at that address any more
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    t.advance(1);
    await refresh();
    expect((await row()).lastError).toBe('The calendar could not be reached.');
    expect((await row()).busy).toEqual(good.busy);
    // the booking page is still served, still without the busy times
    expect(await takenTimes()).toContain('2026-10-06 10:00');
  });
});
