import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultantCalendarMessages as m } from '#shared/admin/consultant-calendar.contract.ts';
import { consultantCalendars } from '#server/db/schema/index.ts';
import { setStaff } from '#tests/helpers/booking-flows.ts';
import { createConsultantsApp, type ConsultantsApp } from '#tests/helpers/consultants-kit.ts';

// Issue 29: a private ICS address (Google's "secret address in iCal format") is connected only
// when it answers a calendar file; the address is a secret, so only its host is shown again.

const calendarFile = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nEND:VCALENDAR\r\n';

describe('connecting a private ICS address', () => {
  let app: ConsultantsApp;
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    app = await createConsultantsApp();
    await setStaff(app.t.database.db, [{ id: 'sam', name: 'Sam' }]);
    server = createServer((req, res) => {
      if (req.url?.startsWith('/private-abc123/basic.ics')) {
        res.writeHead(200, { 'content-type': 'text/calendar' }).end(calendarFile);
      } else if (req.url === '/moved.ics') {
        res.writeHead(301, { location: '/private-abc123/basic.ics' }).end();
      } else {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app.t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const connect = (url: string) =>
    app.call('PUT', '/api/admin/consultants/sam/calendar', 'admin', { kind: 'ics', url });

  it('refuses an address that answers no calendar, on its field', async () => {
    const res = await connect(`${origin}/login`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ message: m.notIcs, fields: { url: m.notIcs } });
    const bad = await connect('ftp://example.com/a.ics');
    expect(bad.statusCode).toBe(400);
  });

  it('connects one that does (after a redirect), and shows only its host', async () => {
    const res = await connect(`${origin}/moved.ics`);
    expect(res.statusCode, res.body).toBe(200);
    const host = new URL(origin).host;
    expect(res.json().calendar).toEqual({
      kind: 'ics',
      url: host,
      username: null,
      lastSyncedAt: null,
      lastError: null,
      feed: false,
    });
    const direct = await connect(`${origin}/private-abc123/basic.ics`);
    expect(direct.statusCode, direct.body).toBe(200);
    const list = await app.call('GET', '/api/admin/consultants', 'admin');
    expect(list.body).not.toContain('private-abc123');
    const [row] = await app.t.database.db.select().from(consultantCalendars);
    expect(row).toMatchObject({ kind: 'ics', url: `${origin}/private-abc123/basic.ics` });
  });

  it('refresh answers the calendar; disconnect clears it; an unknown consultant is 404', async () => {
    const refreshed = await app.call(
      'POST',
      '/api/admin/consultants/sam/calendar/refresh',
      'admin',
    );
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().calendar.kind).toBe('ics');
    const gone = await app.call('DELETE', '/api/admin/consultants/sam/calendar', 'admin');
    expect(gone.statusCode).toBe(200);
    const shown = await app.call('GET', '/api/admin/consultants/sam', 'admin');
    expect(shown.json().consultant.calendar).toMatchObject({ kind: null, url: null });
    for (const [method, url] of [
      ['POST', '/api/admin/consultants/nobody/calendar/refresh'],
      ['DELETE', '/api/admin/consultants/nobody/calendar'],
    ] as const) {
      expect((await app.call(method, url, 'admin')).statusCode).toBe(404);
    }
  });
});
