import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import {
  at,
  createBookingTestApp,
  hold,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { calendarOf, plainEvent } from '#tests/helpers/busy-calendar.ts';
import {
  startRadicale,
  type RadicaleServer,
} from '#tests/helpers/protocol-servers/radicale-server.ts';
import { consultantCalendars } from '#server/db/schema/index.ts';
import { sealCalendarPassword } from '#server/lib/calendar-password.ts';
import { MessageQueue } from '#server/messages/message-queue.ts';
import { BusySyncJobs } from './busy-sync-jobs';

// Issue 29 against a real CalDAV server (Radicale): a busy event PUT straight into the
// consultant's calendar takes its slot off the booking page at the next refresh, which the test
// drives with the app's clock (a minute on, then the tick and its jobs), never by sleeping.

const silent = { info() {}, warn() {}, error() {} };
const tuesday = '2026-11-24';

describe('busy times from a CalDAV calendar (Radicale, both databases)', () => {
  let t: BookingTestApp;
  let radicale: RadicaleServer;
  let calendarUrl = '';
  let queue: MessageQueue;
  let jobs: BusySyncJobs;
  beforeAll(async () => {
    radicale = await startRadicale();
    calendarUrl = await radicale.makeCalendar('work');
    t = await createBookingTestApp();
    queue = new MessageQueue(t.database, t.app.config.queue);
    await queue.start();
    jobs = new BusySyncJobs(queue.boss, t.database.db, {
      now: () => t.clock.now,
      log: silent,
      secrets: t.app.settingSecrets,
    });
    await t.database.db.insert(consultantCalendars).values({
      consultantId: 'staff-1',
      kind: 'caldav',
      url: calendarUrl,
      username: radicale.username,
      passwordSealed: sealCalendarPassword(t.app.settingSecrets, 'staff-1', radicale.password),
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await t?.close();
    await radicale?.close();
  });

  const row = async () =>
    (
      await t.database.db
        .select()
        .from(consultantCalendars)
        .where(eq(consultantCalendars.consultantId, 'staff-1'))
    )[0]!;
  const free = async (date: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/availability?from=${date}&to=${date}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = res.json().days as BookingDay[];
    return day!.slots.filter((s) => s.available).map((s) => s.startTime.slice(11, 16));
  };
  /** The worker's minute: the app's clock moves on, the tick queues the due calendars, they run. */
  const aMinuteLater = async () => {
    t.advance(1);
    const due = await jobs.tick();
    const ran = await jobs.drain();
    return { due, ran };
  };

  it('takes a busy event put into the calendar off the booking page within a minute', async () => {
    // connected and never synced: due at once
    expect(await aMinuteLater()).toEqual({ due: 1, ran: 1 });
    expect(await row()).toMatchObject({ busy: [], lastError: null });
    expect(await free(tuesday)).toContain('11:00');

    const put = await radicale.request(`${calendarUrl}dentist.ics`, {
      method: 'PUT',
      body: calendarOf(
        plainEvent('dentist@example.com', `${tuesday}T00:00:00Z`, `${tuesday}T00:45:00Z`),
      ),
      headers: { 'content-type': 'text/calendar; charset=utf-8', 'if-none-match': '*' },
    });
    expect(put.status).toBe(201);
    // tried a minute ago: not due again yet
    t.advance(0.5);
    expect(await jobs.tick()).toBe(0);

    expect(await aMinuteLater()).toEqual({ due: 1, ran: 1 });
    // 11:00–11:45 AEDT takes 11:00 and 11:30
    expect((await row()).busy).toEqual([
      { start: `${tuesday}T00:00:00.000Z`, end: `${tuesday}T00:45:00.000Z` },
    ]);
    const times = await free(tuesday);
    expect(times).not.toContain('11:00');
    expect(times).not.toContain('11:30');
    expect(times).toContain('12:00');
    // and a hold there is refused as the booking page would, the next free time taken
    const { sessionId } = await readyToBook(t.app);
    expect((await hold(t.app, sessionId, at(tuesday, '11:30'))).statusCode).toBe(409);
    expect((await hold(t.app, sessionId, at(tuesday, '12:00'))).statusCode).toBe(201);
  });

  it('expands a recurring event the REPORT returns with its moved instance', async () => {
    const weekly = calendarOf(
      `BEGIN:VEVENT
UID:site-meeting@example.com
DTSTAMP:20261101T000000Z
DTSTART;TZID=Australia/Melbourne:20261104T090000
DTEND;TZID=Australia/Melbourne:20261104T093000
RRULE:FREQ=WEEKLY
END:VEVENT`,
      `BEGIN:VEVENT
UID:site-meeting@example.com
DTSTAMP:20261101T000000Z
RECURRENCE-ID;TZID=Australia/Melbourne:20261202T090000
DTSTART;TZID=Australia/Melbourne:20261202T150000
DTEND;TZID=Australia/Melbourne:20261202T153000
END:VEVENT`,
    );
    const put = await radicale.request(`${calendarUrl}site-meeting.ics`, {
      method: 'PUT',
      body: weekly,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
    });
    expect(put.status).toBe(201);
    await aMinuteLater();
    expect((await row()).lastError).toBeNull();
    expect(await free('2026-11-25')).not.toContain('09:00');
    const moved = await free('2026-12-02');
    expect(moved).toContain('09:00');
    expect(moved).not.toContain('15:00');
    expect(await free('2026-12-09')).not.toContain('09:00');
  });

  it('keeps the busy times when Radicale is down or refuses the password', async () => {
    const good = await row();
    await radicale.stop();
    try {
      await aMinuteLater();
      expect(await row()).toMatchObject({
        busy: good.busy,
        lastSyncedAt: good.lastSyncedAt,
        lastError: 'The calendar could not be reached.',
      });
      expect(await free(tuesday)).not.toContain('11:00');
    } finally {
      await radicale.start();
    }
    await t.database.db
      .update(consultantCalendars)
      .set({ passwordSealed: sealCalendarPassword(t.app.settingSecrets, 'staff-1', 'wrong') });
    await aMinuteLater();
    expect(await row()).toMatchObject({
      busy: good.busy,
      lastError: 'The calendar server refused the password.',
    });
  });
});
