import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantCalendarMessages as m } from '#shared/admin/consultant-calendar.contract.ts';
import { calendarEventCopies, consultantCalendars } from '#server/db/schema/index.ts';
import { at, book, hold, readyToBook, setStaff } from '#tests/helpers/booking-flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import {
  startRadicale,
  type RadicaleServer,
} from '#tests/helpers/protocol-servers/radicale-server.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// Issue 29: a consultant connects their CalDAV calendar (checked first: a wrong password is
// refused in words), and each booking of theirs is written there as an event with the booking's
// UID and SEQUENCE, updated on a move, removed on a cancel or a reassignment; with the server
// down the event arrives once it is back, once. Against a real Radicale.

const thursday = '2026-11-26';
const team = [
  { id: 'sam', name: 'Sam' },
  { id: 'kim', name: 'Kim' },
];

describe("bookings in the consultant's CalDAV calendar", () => {
  let t: MessagingTestApp;
  let radicale: RadicaleServer;
  let admin: string;
  let staff: string;
  const calendars = { sam: '', kim: '' };

  beforeAll(async () => {
    radicale = await startRadicale();
    t = await createMessagingTestApp();
    await setStaff(t.database.db, team);
    admin = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
    staff = await signInAs(t.app, (await createStaff(t.database.db, { role: 'staff' })).email);
    calendars.sam = await radicale.makeCalendar('sam-bookings');
    calendars.kim = await radicale.makeCalendar('kim-bookings');
  });
  afterAll(async () => {
    await t.close();
    await radicale.close();
  });

  const call = (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    payload?: object,
    as = admin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: as, ...sameOrigin },
      ...(payload && { payload }),
    });
  const connect = (id: string, body: object) =>
    call('PUT', `/api/admin/consultants/${id}/calendar`, body);
  const caldav = (url: string, password = radicale.password) => ({
    kind: 'caldav',
    url,
    username: radicale.username,
    password,
  });

  async function bookWith(staffId: string, time: string) {
    const { sessionId } = await readyToBook(t.app);
    const held = await hold(t.app, sessionId, at(thursday, time), staffId);
    expect(held.statusCode, held.body).toBe(201);
    const res = await book(t.app, { sessionId, reservationId: held.json().reservationId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { id: string };
  }
  /** The event as Radicale has it (null: not there). */
  async function eventIn(calendar: string, bookingId: string) {
    const res = await radicale.request(`${calendar}${bookingId}.ics`);
    if (res.status === 404) return null;
    expect(res.status).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(await res.text())).getFirstSubcomponent('vevent')!;
    return {
      uid: vevent.getFirstPropertyValue('uid'),
      sequence: vevent.getFirstPropertyValue('sequence'),
      start: String(vevent.getFirstPropertyValue('dtstart')),
      summary: vevent.getFirstPropertyValue('summary'),
    };
  }
  /** How many events the calendar holds. */
  async function countIn(calendar: string) {
    const res = await radicale.request(calendar, { method: 'PROPFIND', headers: { depth: '1' } });
    expect(res.status).toBe(207);
    return ((await res.text()).match(/\.ics<\/[\w:]*href>/g) ?? []).length;
  }
  const writes = (bookingId: string) => (row: { bookingId: string | null; kind: string }) =>
    row.bookingId === bookingId && row.kind === 'calendar_event';

  it('admin only', async () => {
    const res = await call(
      'PUT',
      '/api/admin/consultants/sam/calendar',
      caldav(calendars.sam),
      staff,
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses a wrong password, an address that is not a calendar, and one nobody answers', async () => {
    const wrong = await connect('sam', caldav(calendars.sam, 'not-the-password'));
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: m.unauthorized,
      fields: { password: m.unauthorized },
    });
    const account = await connect('sam', caldav(`${radicale.origin}/${radicale.username}/`));
    expect(account.statusCode, account.body).toBe(400);
    expect(account.json().error.fields).toEqual({ url: m.notCalendar });
    const closed = await connect('sam', caldav('http://127.0.0.1:9/calendar/'));
    expect(closed.statusCode, closed.body).toBe(400);
    expect(closed.json().error.fields.url).toMatch(/could not be reached: nothing answered/);
    const [row] = await t.database.db.select().from(consultantCalendars);
    expect(row?.kind ?? null).toBeNull();
  });

  it('connects with the right one: kept sealed, never answered', async () => {
    const res = await connect('sam', caldav(calendars.sam));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().calendar).toEqual({
      kind: 'caldav',
      url: calendars.sam,
      username: radicale.username,
      lastSyncedAt: null,
      lastError: null,
      feed: false,
    });
    expect((await connect('kim', caldav(calendars.kim))).statusCode).toBe(200);
    const shown = await call('GET', '/api/admin/consultants/sam');
    expect(shown.json().consultant.calendar.kind).toBe('caldav');
    const list = await call('GET', '/api/admin/consultants');
    expect(list.body).not.toContain(radicale.password);
    const rows = await t.database.db.select().from(consultantCalendars);
    expect(JSON.stringify(rows)).not.toContain(radicale.password);
  });

  it('writes a booking, moves it (SEQUENCE + 1), and removes it on cancel', async () => {
    const booking = await bookWith('sam', '10:00');
    await waitForStatus(t, writes(booking.id), 'sent');
    expect(await eventIn(calendars.sam, booking.id)).toMatchObject({
      uid: `${booking.id}@tintbook`,
      sequence: 0,
      start: '2026-11-25T23:00:00Z',
      summary: expect.stringMatching(/^Phone: /),
    });

    const moved = await call(
      'POST',
      `/api/bookings/${booking.id}/reschedule`,
      { startTime: at(thursday, '14:30'), staffId: 'sam' },
      staff,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await waitForStatus(t, writes(booking.id), 'sent');
    expect(await eventIn(calendars.sam, booking.id)).toMatchObject({
      uid: `${booking.id}@tintbook`,
      sequence: 1,
      start: '2026-11-26T03:30:00Z',
    });

    const cancelled = await call('POST', `/api/bookings/${booking.id}/cancel`, {}, staff);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await waitForStatus(t, writes(booking.id), 'sent');
    expect(await eventIn(calendars.sam, booking.id)).toBeNull();
    expect(await t.database.db.select().from(calendarEventCopies)).toEqual([]);
  });

  it("a reassignment takes it out of one consultant's calendar and into the other's", async () => {
    const booking = await bookWith('sam', '11:00');
    await waitForStatus(t, writes(booking.id), 'sent');
    const res = await call('PATCH', `/api/bookings/${booking.id}`, { consultantId: 'kim' }, staff);
    expect(res.statusCode, res.body).toBe(200);
    await waitForStatus(t, writes(booking.id), 'sent');
    expect(await eventIn(calendars.sam, booking.id)).toBeNull();
    expect(await eventIn(calendars.kim, booking.id)).toMatchObject({
      uid: `${booking.id}@tintbook`,
      sequence: 1,
    });
  });

  it('with the server down, the event arrives once it is back, once', async () => {
    const before = await countIn(calendars.sam);
    await radicale.stop();
    try {
      const booking = await bookWith('sam', '15:30');
      await waitForStatus(t, writes(booking.id), 'failed');
      await radicale.start();
      await waitForStatus(t, writes(booking.id), 'sent', 40_000);
      expect(await eventIn(calendars.sam, booking.id)).toMatchObject({ sequence: 0 });
      expect(await countIn(calendars.sam)).toBe(before + 1);
      const [row] = (await deliveries(t)).filter(writes(booking.id));
      expect(row?.attempts).toBeGreaterThan(1);
    } finally {
      await radicale.start().catch(() => undefined);
    }
  });

  it('a write that went through but was not recorded is not written twice', async () => {
    const booking = await bookWith('kim', '12:00');
    await waitForStatus(t, writes(booking.id), 'sent');
    // as if the worker died between Radicale's answer and recording the copy
    await t.database.db.delete(calendarEventCopies);
    const before = await countIn(calendars.kim);
    const moved = await call(
      'POST',
      `/api/bookings/${booking.id}/reschedule`,
      { startTime: at(thursday, '12:30'), staffId: 'kim' },
      staff,
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await waitForStatus(t, writes(booking.id), 'sent');
    expect(await countIn(calendars.kim)).toBe(before);
    expect(await eventIn(calendars.kim, booking.id)).toMatchObject({ sequence: 1 });
  });

  it('disconnecting stops the writes', async () => {
    const res = await call('DELETE', '/api/admin/consultants/sam/calendar');
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await call('GET', '/api/admin/consultants/sam')).json().consultant.calendar,
    ).toMatchObject({ kind: null, url: null });
    const booking = await bookWith('sam', '09:00');
    // planned with the booking, in its transaction: none was
    expect((await deliveries(t)).filter(writes(booking.id))).toEqual([]);
  });
});
