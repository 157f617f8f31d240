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
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import type { DashboardResponse } from '#shared/dashboard/dashboard.contract.ts';
import { noShowMessages, type LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { bookings } from '#server/db/schema/index.ts';

// Staff mark a booking whose time has started as a no-show (and take it back); the lead's
// timeline names them and the dashboard counts it on the day of the appointment.
describe('PUT /api/bookings/:id/no-show (staff only)', () => {
  let t: BookingTestApp;
  let cookie: string;
  let staffEmail: string;
  let bookingId: string;
  let leadId: string;
  let cancelledId: string;

  const asStaff = () => ({ cookie, ...sameOrigin });
  const mark = (id: string, noShow: unknown, headers: Record<string, string> = asStaff()) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/no-show`,
      headers,
      payload: { noShow },
    });
  const lead = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${leadId}`,
      headers: asStaff(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { lead: LeadDetail }).lead;
  };
  const noShows = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard?from=2026-11-26&to=2026-11-26&compare=none',
      headers: asStaff(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as DashboardResponse).bookings.noShows.current;
  };

  beforeAll(async () => {
    t = await createBookingTestApp();
    const { db } = t.database;
    staffEmail = (await createStaff(db, { displayName: 'Priya Staff' })).email;
    cookie = await signInAs(t.app, staffEmail);
    const ready = await readyToBook(t.app);
    bookingId = (await holdAndBook(t.app, ready.sessionId, at('2026-11-26', '10:00'))).booking.id;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    leadId = row!.leadId!;
    const other = await readyToBook(t.app);
    cancelledId = (await holdAndBook(t.app, other.sessionId, at('2026-11-26', '11:00'))).booking.id;
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${cancelledId}/cancel`,
      headers: asStaff(),
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });
  afterAll(() => t.close());

  it('is refused to anonymous callers and checks its body', async () => {
    expect((await mark(bookingId, true, {})).statusCode).toBe(401);
    expect((await mark(bookingId, 'yes')).statusCode).toBe(400);
    const unknown = await mark(randomUUID(), true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(bookingMessages.bookingNotFound);
  });

  it('is refused before the booking has started', async () => {
    const res = await mark(bookingId, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(noShowMessages.notStarted);
    expect((await lead()).bookings[0]!.noShow).toBe(false);
  });

  it('marks a started booking, names the staff member and counts it; twice is harmless', async () => {
    t.clock.now = new Date(at('2026-11-26', '10:40'));
    cookie = await signInAs(t.app, staffEmail); // three days on: a new staff session
    const res = await mark(bookingId, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ noShow: true, booking: { id: bookingId } });
    expect((await mark(bookingId, true)).statusCode).toBe(200);

    const detail = await lead();
    expect(detail.bookings[0]!.noShow).toBe(true);
    const entries = detail.timeline.filter((e) => e.kind === 'booking_no_show');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      text: 'Marked as a no-show',
      by: { kind: 'staff', name: 'Priya Staff' },
      data: { bookingId },
    });
    expect(detail.bookings[0]!.history.at(-1)).toMatchObject({
      action: 'no_show',
      by: { kind: 'staff', name: 'Priya Staff' },
    });
    expect(await noShows()).toBe(1);
  });

  it('takes the mark back, recorded too', async () => {
    const res = await mark(bookingId, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().noShow).toBe(false);
    const detail = await lead();
    expect(detail.bookings[0]!.noShow).toBe(false);
    expect(detail.timeline.find((e) => e.kind === 'booking_no_show_undone')).toMatchObject({
      text: 'No-show mark taken back',
      by: { kind: 'staff', name: 'Priya Staff' },
    });
    expect(await noShows()).toBe(0);
  });

  it('refuses a cancelled booking', async () => {
    const res = await mark(cancelledId, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(bookingMessages.cancelled);
  });
});
