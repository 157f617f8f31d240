import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  book,
  createBookingTestApp,
  hold,
  holdAndBook,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { errorCodes } from '#shared/api/error.ts';
import { bookingMessages, onsiteRefusal } from '#shared/booking/booking.contract.ts';
import { noLeadMessage } from '#shared/estimate/details.contract.ts';
import { promoMessages } from '#shared/pricing/promo.ts';
import {
  activities,
  bookings,
  leads,
  promoCodes,
  sessions,
  slotHolds,
} from '#server/db/schema/index.ts';

const thursday = '2026-11-26';

describe('POST /api/bookings', () => {
  let t: BookingTestApp;
  beforeAll(async () => {
    t = await createBookingTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('turns the hold into a booking priced from the lead, and answers the token once', async () => {
    const ready = await readyToBook(t.app);
    const held = (await hold(t.app, ready.sessionId, at(thursday, '10:00'))).json();
    const res = await book(t.app, {
      sessionId: ready.sessionId,
      reservationId: held.reservationId,
      notes: 'Side gate is open',
      // a forged price is stripped by the schema: the lead's estimate is used
      estimatedPrice: 1,
      estimatedPriceCents: 1,
    });
    expect(res.statusCode).toBe(201);
    const { booking, manageToken } = res.json();
    expect(booking).toMatchObject({
      customerId: ready.customerId,
      staffId: 'staff-1',
      serviceType: 'phone',
      date: thursday,
      timeSlot: {
        id: 'staff-1:2026-11-26T10:00:00+11:00',
        startTime: '2026-11-26T10:00:00+11:00',
        endTime: '2026-11-26T10:30:00+11:00',
        available: false,
        staffId: 'staff-1',
      },
      status: 'confirmed',
      notes: 'Side gate is open',
      estimatedPrice: ready.totalCents,
      promoCode: null,
      trakJobId: null,
    });
    expect(booking.measurements).toHaveLength(5);
    expect(manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.manageTokenHash).toBe(createHash('sha256').update(manageToken).digest('hex'));
    expect(await db().select().from(slotHolds).where(eq(slotHolds.id, held.reservationId))).toEqual(
      [],
    );
    const [lead] = await db().select().from(leads).where(eq(leads.id, ready.leadId));
    expect(lead?.stage).toBe('booked');
    expect(lead?.data).toMatchObject({ bookingId: booking.id });
    expect(lead?.hasBooking).toBe(true);
    expect(lead?.appointmentAt?.toISOString()).toBe('2026-11-25T23:00:00.000Z');
    const [session] = await db().select().from(sessions).where(eq(sessions.id, ready.sessionId));
    expect(session?.bookingCompleted).toBe(true);
    expect(session?.bookingCompletedAt?.toISOString()).toBe(t.clock.now.toISOString());
    const logged = await db()
      .select()
      .from(activities)
      .where(eq(activities.sessionId, ready.sessionId));
    expect(logged.map((a) => a.action)).toContain('booking_created');
  });

  it('sends a session without a lead back to the Contact step', async () => {
    const res = await book(t.app, { sessionId: randomUUID(), reservationId: randomUUID() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: errorCodes.noLead, message: noLeadMessage });
  });

  it('refuses onsite below the pane threshold and takes it from there', async () => {
    const small = await readyToBook(t.app, { glassCount: 4 });
    const smallHold = (await hold(t.app, small.sessionId, at(thursday, '11:00'))).json();
    const refused = await book(t.app, {
      sessionId: small.sessionId,
      reservationId: smallHold.reservationId,
      serviceType: 'onsite',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ serviceType: onsiteRefusal(5) });

    const big = await readyToBook(t.app, { glassCount: 5 });
    const res = await holdAndBook(t.app, big.sessionId, at(thursday, '11:30'), {
      serviceType: 'onsite',
    });
    expect(res.booking).toMatchObject({ serviceType: 'onsite' });
  });

  it("refuses another session's hold, an expired hold and an unknown one", async () => {
    const owner = await readyToBook(t.app);
    const other = await readyToBook(t.app);
    const held = (await hold(t.app, owner.sessionId, at(thursday, '12:00'))).json();
    for (const attempt of [
      { sessionId: other.sessionId, reservationId: held.reservationId },
      { sessionId: owner.sessionId, reservationId: randomUUID() },
    ]) {
      const res = await book(t.app, attempt);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({
        code: errorCodes.slotTaken,
        message: bookingMessages.slotTaken,
      });
    }
    t.advance(10);
    try {
      const late = await book(t.app, {
        sessionId: owner.sessionId,
        reservationId: held.reservationId,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe(errorCodes.slotTaken);
      expect(late.json().error.message).toBe(bookingMessages.slotTaken);
    } finally {
      t.advance(-10);
    }
  });

  it('counts a promo code once per booking and refuses it when used up', async () => {
    await db()
      .insert(promoCodes)
      .values({ code: 'ONCE10', discountType: 'percentage', discountValue: 10, usageLimit: 1 });
    const first = await readyToBook(t.app, { promoCode: 'once10' });
    const second = await readyToBook(t.app, { promoCode: 'ONCE10' });
    const key = randomUUID();
    const firstHold = (await hold(t.app, first.sessionId, at(thursday, '13:00'))).json();
    const payload = { sessionId: first.sessionId, reservationId: firstHold.reservationId };
    const ok = await book(t.app, { ...payload, promoCode: 'ONCE10', idempotencyKey: key });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().booking).toMatchObject({
      promoCode: 'ONCE10',
      estimatedPrice: first.totalCents,
    });
    expect((await book(t.app, { ...payload, idempotencyKey: key })).statusCode).toBe(200);

    const secondHold = (await hold(t.app, second.sessionId, at(thursday, '13:30'))).json();
    const usedUp = await book(t.app, {
      sessionId: second.sessionId,
      reservationId: secondHold.reservationId,
    });
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().error).toMatchObject({
      code: errorCodes.promoUsedUp,
      message: promoMessages.usedUp,
    });
    const [promo] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'ONCE10'));
    expect(promo?.usageCount).toBe(1);
    // the refused booking left its hold in place
    expect(
      (await db().select().from(slotHolds).where(eq(slotHolds.id, secondHold.reservationId)))
        .length,
    ).toBe(1);
  });

  it('refuses a promo code that expired after the estimate applied it', async () => {
    await db()
      .insert(promoCodes)
      .values({ code: 'BRIEF5', discountType: 'percentage', discountValue: 5 });
    const ready = await readyToBook(t.app, { promoCode: 'BRIEF5' });
    await db()
      .update(promoCodes)
      .set({ validTo: new Date(t.clock.now.getTime() - 60_000) })
      .where(eq(promoCodes.code, 'BRIEF5'));
    const held = (await hold(t.app, ready.sessionId, at(thursday, '15:00'))).json();
    const res = await book(t.app, {
      sessionId: ready.sessionId,
      reservationId: held.reservationId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: errorCodes.promoExpired,
      message: promoMessages.expired,
      fields: { promoCode: promoMessages.expired },
    });
  });

  it('refuses a promo code the estimate did not apply', async () => {
    const ready = await readyToBook(t.app);
    const held = (await hold(t.app, ready.sessionId, at(thursday, '14:00'))).json();
    const res = await book(t.app, { ...ready, reservationId: held.reservationId, promoCode: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ promoCode: bookingMessages.promoMismatch });
  });

  it('answers a repeated idempotency key with the same booking, sequentially and at once', async () => {
    const ready = await readyToBook(t.app);
    const held = (await hold(t.app, ready.sessionId, at(thursday, '14:30'))).json();
    const payload = {
      sessionId: ready.sessionId,
      reservationId: held.reservationId,
      idempotencyKey: randomUUID(),
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => book(t.app, payload)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    const ids = new Set(results.map((r) => r.json().booking.id));
    expect(ids.size).toBe(1);
    const again = await book(t.app, payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ booking: { id: [...ids][0] }, manageToken: null });
    const rows = await db().select().from(bookings).where(eq(bookings.leadId, ready.leadId));
    expect(rows).toHaveLength(1);

    const stranger = await readyToBook(t.app);
    const reused = await book(t.app, { ...payload, sessionId: stranger.sessionId });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(bookingMessages.idempotencyReused);
  });
});
