import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, book, hold, readyToBook, setStaff } from '#tests/helpers/booking-flows.ts';
import { createConsultantsApp, type ConsultantsApp } from '#tests/helpers/consultants-kit.ts';
import {
  startRadicale,
  type RadicaleServer,
} from '#tests/helpers/protocol-servers/radicale-server.ts';
import { consultantCalendars } from '#server/db/schema/index.ts';

// Issue 29: each consultant's secret feed of their bookings, subscribed to from Google, Apple or
// Outlook. Valid iCalendar (ical.js), accepted by a real CalDAV server as a calendar's content;
// only what the visit needs; a replaced or revoked token answers 404.

const thursday = '2026-11-26';

describe("a consultant's calendar feed", () => {
  let app: ConsultantsApp;
  let radicale: RadicaleServer;
  beforeAll(async () => {
    [app, radicale] = await Promise.all([createConsultantsApp(), startRadicale()]);
    await setStaff(app.t.database.db, [
      { id: 'sam', name: 'Sam' },
      { id: 'kim', name: 'Kim' },
    ]);
  });
  afterAll(async () => {
    await app.t.close();
    await radicale.close();
  });

  const makeFeed = async (id = 'sam') => {
    const res = await app.call('POST', `/api/admin/consultants/${id}/feed`, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().url as string;
  };
  const read = (url: string) => app.t.app.inject({ method: 'GET', url: new URL(url).pathname });
  async function bookWith(staffId: string, time: string, serviceType = 'phone') {
    const { sessionId } = await readyToBook(app.t.app, { glassCount: 6 });
    const held = await hold(app.t.app, sessionId, at(thursday, time), staffId);
    expect(held.statusCode, held.body).toBe(201);
    const res = await book(app.t.app, {
      sessionId,
      reservationId: held.json().reservationId,
      serviceType,
      notes: 'Side gate, dog is friendly',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().booking as { id: string };
  }

  it('is admin only to make and revoke', async () => {
    expect((await app.call('POST', '/api/admin/consultants/sam/feed')).statusCode).toBe(401);
    expect((await app.call('POST', '/api/admin/consultants/sam/feed', 'staff')).statusCode).toBe(
      403,
    );
    const unknown = await app.call('POST', '/api/admin/consultants/nobody/feed', 'admin');
    expect(unknown.statusCode).toBe(404);
  });

  it('answers their bookings as valid iCalendar, cancelled ones as CANCELLED', async () => {
    const onsite = await bookWith('sam', '10:00', 'onsite');
    const phone = await bookWith('sam', '13:00');
    await bookWith('kim', '10:00'); // not Sam's
    const cancelled = await app.call('POST', `/api/bookings/${phone.id}/cancel`, 'staff', {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const url = await makeFeed();
    expect(url).toMatch(/^http:\/\/localhost:80\/api\/calendar\/[\w-]{43}\.ics$/);
    const res = await read(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^private/);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.map((e) => e.uid)).toEqual([`${onsite.id}@tintbook`, `${phone.id}@tintbook`]);
    const [visit, call] = events;
    expect(visit!.summary).toMatch(/^Onsite: .+, .+$/);
    expect(visit!.location).toBeTruthy();
    expect(visit!.startDate.toJSDate().toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(visit!.startDate.zone.tzid).toBe('UTC');
    expect(visit!.sequence).toBe(0);
    expect(visit!.description).toContain('Notes: Side gate, dog is friendly');
    expect(visit!.description).toContain('Panes: 6');
    expect(visit!.description).toMatch(/Concern: \S/);
    expect(visit!.description).toMatch(/Mobile: 04\d\d \d{3} \d{3}/);
    expect(visit!.description).toMatch(/The lead: http:\/\/localhost:80\/leads\/[\da-f-]{36}$/);
    expect(visit!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(call!.summary).toMatch(/^Phone: [^,]+$/);
    expect(call!.location).toBeFalsy();
    expect(call!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(call!.sequence).toBe(1);
    // no other personal data: no e-mail address, price or manage link
    expect(res.body).not.toMatch(/@example|mailto:|\$|reschedule\?token/);
  });

  it("is accepted by a CalDAV server as a calendar's content", async () => {
    const res = await read(await makeFeed());
    const target = await radicale.makeCalendar('subscribed');
    const put = await radicale.request(target, {
      method: 'PUT',
      body: res.body,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
    });
    expect(put.status, await put.text()).toBeLessThan(300);
    const back = await radicale.request(target);
    const stored = new ICAL.Component(ICAL.parse(await back.text()));
    expect(stored.getAllSubcomponents('vevent')).toHaveLength(2);
  });

  it('keeps only a hash; a replaced or revoked token answers 404', async () => {
    const first = await makeFeed();
    const token = /calendar\/(.+)\.ics$/.exec(first)![1]!;
    const [row] = await app.t.database.db.select().from(consultantCalendars);
    expect(JSON.stringify(row)).not.toContain(token);
    const second = await makeFeed();
    expect((await read(first)).statusCode).toBe(404);
    expect((await read(second)).statusCode).toBe(200);
    const shown = await app.call('GET', '/api/admin/consultants/sam', 'admin');
    expect(shown.json().consultant.calendar).toMatchObject({ feed: true, kind: null });
    const revoked = await app.call('DELETE', '/api/admin/consultants/sam/feed', 'admin');
    expect(revoked.statusCode).toBe(200);
    expect((await read(second)).statusCode).toBe(404);
    expect((await read('http://x/api/calendar/not-a-token-of-anyone-at-all.ics')).statusCode).toBe(
      404,
    );
  });
});
