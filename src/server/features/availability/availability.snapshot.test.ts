import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  hold,
  readyToBook,
  setSetting,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import type { BookingDay } from '#shared/booking/slot.contract.ts';
import { bookings, slotHolds } from '#server/db/schema/index.ts';

// findBusy's callers (the next booking date, the admin's preview, a new hold) must never report
// a slot free while it goes from held to booked (ADR 028, ADR 036). One slot a day (08:00) and
// one staff member, the clock at Monday 23 November 2026 09:00: Tuesday's 08:00 is the first free
// slot, and each day's fate shows in the next booking date.
const [tuesday, wednesday, thursday, friday] = [
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
];

describe('a slot held, then booked, is never reported free', () => {
  let t: BookingTestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createBookingTestApp();
    await setSetting(t.database.db, 'slots_per_day', 1);
    admin = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
  });
  afterAll(() => t.close());

  const nextBookingDate = async (res?: LightMyRequestResponse) => {
    const answer = res ?? (await t.app.inject({ url: '/api/trak/next-booking-date' }));
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().nextBookingDate as string;
  };
  const requestPreview = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/booking-rules/preview',
      headers: { cookie: admin, ...sameOrigin },
      payload: {},
    });
  /** Whether the admin's preview offers `date`'s one slot. */
  const previewOffers = async (date: string, res?: LightMyRequestResponse) => {
    const answer = res ?? (await requestPreview());
    expect(answer.statusCode, answer.body).toBe(200);
    const day = (answer.json().days as BookingDay[]).find((x) => x.date === date);
    return day?.slots.map((s) => s.available);
  };

  it('is busy for every caller once held and once booked', async () => {
    expect(await nextBookingDate()).toBe(tuesday);
    const { sessionId } = await readyToBook(t.app);
    const held = await hold(t.app, sessionId, at(tuesday, '08:00'));
    expect(held.statusCode, held.body).toBe(201);
    const stages = async () => ({
      next: await nextBookingDate(),
      preview: await previewOffers(tuesday),
      otherHold: (await hold(t.app, randomUUID(), at(tuesday, '08:00'))).statusCode,
    });
    expect(await stages()).toEqual({ next: wednesday, preview: [false], otherHold: 409 });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: {
        sessionId,
        reservationId: held.json().reservationId,
        serviceType: 'phone',
        idempotencyKey: randomUUID(),
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await stages()).toEqual({ next: wednesday, preview: [false], otherHold: 409 });
  });

  // PostgreSQL only: the booking commits while the caller's read waits on slot_holds. PGlite has
  // one connection: no transaction commits between two of its statements that were queued
  // together, so there is no window to open there.
  it.runIf(inject('dbDriver') === 'postgres').each([
    { caller: 'the next booking date', date: wednesday, free: thursday },
    { caller: "the admin's preview", date: thursday, free: friday },
  ])(
    '$caller never sees the slot free while the booking commits',
    async ({ caller, date, free }) => {
      const { sessionId } = await readyToBook(t.app);
      const held = await hold(t.app, sessionId, at(date, '08:00'));
      expect(held.statusCode, held.body).toBe(201);
      const reservationId = held.json().reservationId as string;
      // the pending answer goes out wrapped: awaited inside, it would wait for this lock forever
      const { answer } = await t.database.db.transaction(async (tx) => {
        // The caller's read of slot_holds waits for this lock; a read of bookings does not. Read
        // in two statements, bookings were read before this booking and holds after its hold went.
        await tx.execute(sql`lock table slot_holds in access exclusive mode`);
        const pending =
          caller === 'the next booking date'
            ? t.app.inject({ url: '/api/trak/next-booking-date' })
            : requestPreview();
        await readsWaitingOnSlotHolds();
        // the booking, as bookHold makes it: the hold spent and the booking in its slot
        const [spent] = await tx
          .delete(slotHolds)
          .where(eq(slotHolds.id, reservationId))
          .returning();
        await tx.insert(bookings).values({
          staffId: spent!.staffId,
          serviceType: 'phone',
          startTime: spent!.startTime,
          endTime: spent!.endTime,
        });
        return { answer: pending };
      });
      const res = await answer;
      if (caller === 'the next booking date') expect(await nextBookingDate(res)).toBe(free);
      else expect(await previewOffers(date, res)).toEqual([false]);
    },
  );

  /**
   * Until the app's read waits for the lock on slot_holds and no other statement of the app is
   * running (a read of bookings started with it has finished, before the booking commits).
   */
  async function readsWaitingOnSlotHolds() {
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      const { rows } = await t.database.executeSql(
        `select count(*) filter (where wait_event_type = 'Lock') as waiting,
                count(*) filter (where wait_event_type is distinct from 'Lock') as running
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
            and query ilike '%start_time%'`,
      );
      const { waiting, running } = rows[0] as { waiting: string; running: string };
      if (Number(waiting) === 1 && Number(running) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error('the read never waited on slot_holds');
  }
});
