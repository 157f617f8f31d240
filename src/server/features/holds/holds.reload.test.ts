import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  at,
  hold,
  slotsOn,
  useBookingApp,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';

// Issue 15 item 2: a reloaded /booking page reads its hold back; the page being unloaded lets it
// go only a little later, so a reload finds it still live.

const wednesday = '2026-11-25';

describe('a hold across a reload', () => {
  let t: BookingTestApp;
  useBookingApp((app) => (t = app));

  const read = (sessionId: string) =>
    t.app.inject({ method: 'GET', url: `/api/holds?sessionId=${sessionId}` });
  const release = (reservationId: string, query: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/holds/${reservationId}?${query}` });
  const renew = (reservationId: string, sessionId: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/holds/${reservationId}`,
      payload: { sessionId },
    });

  it("answers the session's live hold, and nothing for a session without one", async () => {
    const sessionId = randomUUID();
    expect((await read(sessionId)).json()).toEqual({ hold: null, expired: false });
    const held = (await hold(t.app, sessionId, at(wednesday, '10:00'))).json();
    const res = await read(sessionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hold: held, expired: false });
    // snake_case is accepted too
    const snake = await t.app.inject({ method: 'GET', url: `/api/holds?session_id=${sessionId}` });
    expect(snake.json().hold.reservationId).toBe(held.reservationId);
    // another session sees nothing of it
    expect((await read(randomUUID())).json()).toEqual({ hold: null, expired: false });
  });

  it('says when the hold has run out', async () => {
    const sessionId = randomUUID();
    await hold(t.app, sessionId, at(wednesday, '10:30'));
    const saved = t.clock.now;
    t.advance(10);
    try {
      expect((await read(sessionId)).json()).toEqual({ hold: null, expired: true });
    } finally {
      t.clock.now = saved;
    }
  });

  it('a release with afterSeconds keeps the slot that long, then lets it go', async () => {
    const sessionId = randomUUID();
    const held = (await hold(t.app, sessionId, at(wednesday, '11:00'))).json();
    const res = await release(held.reservationId, `sessionId=${sessionId}&afterSeconds=30`);
    expect(res.statusCode).toBe(204);
    const read1 = (await read(sessionId)).json();
    expect(read1.hold).toMatchObject({ expiresAt: '2026-11-23T09:00:30+11:00' });
    expect((await slotsOn(t.app, wednesday)).get('staff-1@11:00')).toBe(false);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 31_000);
    try {
      expect((await slotsOn(t.app, wednesday)).get('staff-1@11:00')).toBe(true);
      expect((await read(sessionId)).json()).toEqual({ hold: null, expired: true });
    } finally {
      t.clock.now = saved;
    }
  });

  it('a reload that took the hold back keeps it when the late release arrives', async () => {
    const sessionId = randomUUID();
    const held = (await hold(t.app, sessionId, at(wednesday, '11:30'))).json();
    const saved = t.clock.now;
    try {
      // the reloaded page renews two seconds later, before the unloading page's release lands
      t.clock.now = new Date(saved.getTime() + 2000);
      expect((await renew(held.reservationId, sessionId)).statusCode).toBe(200);
      const late = await release(
        held.reservationId,
        new URLSearchParams({
          sessionId,
          afterSeconds: '30',
          expiresAt: held.expiresAt,
        }).toString(),
      );
      expect(late.statusCode).toBe(204);
      expect((await read(sessionId)).json().hold).toMatchObject({
        expiresAt: '2026-11-23T09:10:02+11:00',
      });
      // without a renewal since, the same release shortens it
      const fresh = (await read(sessionId)).json().hold;
      await release(
        held.reservationId,
        new URLSearchParams({
          sessionId,
          afterSeconds: '30',
          expiresAt: fresh.expiresAt,
        }).toString(),
      );
      expect((await read(sessionId)).json().hold).toMatchObject({
        expiresAt: '2026-11-23T09:00:32+11:00',
      });
    } finally {
      t.clock.now = saved;
    }
  });

  it('a release with afterSeconds never lengthens a hold, and is 404 for another session', async () => {
    const sessionId = randomUUID();
    const held = (await hold(t.app, sessionId, at(wednesday, '12:00'))).json();
    await release(held.reservationId, `sessionId=${sessionId}&afterSeconds=20`);
    await release(held.reservationId, `sessionId=${sessionId}&afterSeconds=60`);
    expect((await read(sessionId)).json().hold.expiresAt).toBe('2026-11-23T09:00:20+11:00');
    const other = await release(held.reservationId, `sessionId=${randomUUID()}&afterSeconds=20`);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe(bookingMessages.holdNotFound);
  });

  it.each([
    ['a missing session id', '/api/holds', 'sessionId'],
    ['a session id that is not a uuid', '/api/holds?sessionId=abc', 'sessionId'],
  ])('GET refuses %s with 400', async (_, url, field) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
  });

  it.each(['0', '61', '2.5', 'abc', ''])(
    'DELETE refuses afterSeconds=%s with 400',
    async (value) => {
      const sessionId = randomUUID();
      const held = (await hold(t.app, sessionId, at(wednesday, '12:30'))).json();
      const res = await release(held.reservationId, `sessionId=${sessionId}&afterSeconds=${value}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ afterSeconds: bookingMessages.releaseAfter });
      // refused: the hold is untouched
      expect((await read(sessionId)).json().hold.expiresAt).toBe('2026-11-23T09:10:00+11:00');
      await release(held.reservationId, `sessionId=${sessionId}`);
    },
  );

  it('DELETE refuses an expiresAt without an offset with 400', async () => {
    const sessionId = randomUUID();
    const held = (await hold(t.app, sessionId, at(wednesday, '13:00'))).json();
    const res = await release(
      held.reservationId,
      `sessionId=${sessionId}&afterSeconds=30&expiresAt=2026-11-23T09:10:00`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ expiresAt: bookingMessages.startTimeInvalid });
  });
});
