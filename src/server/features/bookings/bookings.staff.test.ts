import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
// a real staff account and session
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

describe('GET and PATCH /api/bookings/:id (staff only)', () => {
  let t: BookingTestApp;
  let bookingId: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    const ready = await readyToBook(t.app);
    bookingId = (await holdAndBook(t.app, ready.sessionId, at('2026-11-26', '10:00'))).booking.id;
    cookie = await signInAs(t.app, (await createStaff(t.database.db)).email);
  });
  afterAll(() => t.close());

  const asStaff = () => ({ cookie, ...sameOrigin });

  it('refuses anonymous callers with 401 before reading the body', async () => {
    const read = await t.app.inject({ method: 'GET', url: `/api/bookings/${bookingId}` });
    expect(read.statusCode).toBe(401);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${bookingId}`,
      payload: { trak_job_id: 'JOB-1' },
    });
    expect(patch.statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'PATCH', url: `/api/bookings/${bookingId}` });
    expect(garbage.statusCode).toBe(401);
  });

  it('shows the booking to staff and links the job id (snake_case or camelCase)', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${bookingId}`,
      headers: asStaff(),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().booking).toMatchObject({ id: bookingId, status: 'confirmed' });

    for (const [payload, expected] of [
      [{ trak_job_id: 'JOB-1' }, 'JOB-1'],
      [{ trakJobId: 'JOB-2' }, 'JOB-2'],
      [{ trak_job_id: null }, null],
    ] as const) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/bookings/${bookingId}`,
        headers: asStaff(),
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().booking.trakJobId).toBe(expected);
    }
  });

  it('answers 404 for an unknown booking', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${randomUUID()}`,
      headers: asStaff(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(bookingMessages.bookingNotFound);
  });
});
