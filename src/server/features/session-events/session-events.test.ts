import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { sessions } from '#server/db/schema/index.ts';

describe('POST /api/analytics/session/completed', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());

  const completed = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/analytics/session/completed', payload });

  it('starts the fresh session with only the UTM data of the booked one, idempotently', async () => {
    const ready = await readyToBook(t.app);
    const utm = { source: 'google', medium: 'cpc' };
    await t.database.db
      .update(sessions)
      .set({ utmData: utm })
      .where(eq(sessions.id, ready.sessionId));
    await holdAndBook(t.app, ready.sessionId, at('2026-11-25', '10:00'));
    const ids = { previousSessionId: ready.sessionId, newSessionId: randomUUID() };
    for (let i = 0; i < 2; i++) {
      const res = await completed(ids);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        sessionId: ids.newSessionId,
        previousBookingSessionId: ready.sessionId,
        currentStep: 'contact',
      });
    }
    const [fresh] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, ids.newSessionId));
    expect(fresh).toMatchObject({
      utmData: utm,
      customerId: null,
      bookingData: null,
      bookingCompleted: false,
      previousBookingSessionId: ready.sessionId,
    });
    // the fresh session cannot be claimed by another booked session afterwards
    const other = await readyToBook(t.app);
    await holdAndBook(t.app, other.sessionId, at('2026-11-25', '11:00'));
    const res = await completed({
      previousSessionId: other.sessionId,
      newSessionId: ids.newSessionId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(bookingMessages.sessionFollowsOther);
  });

  it('refuses an unknown session, one without a booking, and a session following itself', async () => {
    const unknown = await completed({
      previousSessionId: randomUUID(),
      newSessionId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    const ready = await readyToBook(t.app);
    const unbooked = await completed({
      previousSessionId: ready.sessionId,
      newSessionId: randomUUID(),
    });
    expect(unbooked.statusCode).toBe(409);
    expect(unbooked.json().error.message).toBe(bookingMessages.sessionNotBooked);
    const same = await completed({
      previousSessionId: ready.sessionId,
      newSessionId: ready.sessionId,
    });
    expect(same.statusCode).toBe(400);
  });
});
