import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  createBookingTestApp,
  holdAndBook,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// Issue 26 item 4: the steps the customer's browser records (POST /api/activities) on their
// lead's timeline, one entry per visit.
describe("the customer's own journey on the lead's timeline", () => {
  let t: BookingTestApp;
  let staffEmail: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    staffEmail = (await createStaff(t.database.db, { displayName: 'Jordan Lee' })).email;
  });
  afterAll(() => t.close());

  const step = async (sessionId: string, action: string, data?: object) => {
    t.advance(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      payload: { sessionId, action, eventType: 'customer_step', page: '/estimate', data },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const timelineOf = async (leadId: string) => {
    // signed in now: the app's clock has moved past a staff session's idle limit
    const cookie = await signInAs(t.app, staffEmail);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/leads/${leadId}`,
      headers: { cookie, ...sameOrigin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lead.timeline as { kind: string; text: string; by: { kind: string } }[];
  };

  it('summarises a visit in one entry: details, files, estimate and its total, booking page, booked', async () => {
    const { sessionId, leadId } = await readyToBook(t.app);
    await step(sessionId, 'details_given', { glassCount: 5, painPoint: 'uv-privacy' });
    await step(sessionId, 'file_uploaded', { count: 1 });
    await step(sessionId, 'file_uploaded', { count: 1 });
    await step(sessionId, 'estimate_seen', { totalCents: 33_750 });
    await step(sessionId, 'estimate_seen', { totalCents: 30_375 }); // a promo code applied
    await step(sessionId, 'left_without_booking'); // a reload: the visit goes on
    await step(sessionId, 'booking_opened');
    t.advance(1);
    await holdAndBook(t.app, sessionId, at('2026-11-30', '10:00'));

    const timeline = await timelineOf(leadId);
    const visits = timeline.filter((e) => e.kind === 'customer_visit');
    expect(visits).toHaveLength(1);
    expect(visits[0]!.by.kind).toBe('customer');
    expect(visits[0]!.text.split('\n')).toEqual([
      "Gave the job's details: 5 panes, UV / Privacy / Heat & Glare",
      'Uploaded 2 files',
      'Saw the estimate: $303.75 inc. GST',
      'Opened the booking page',
    ]);
    // the booking above the visit that led to it
    expect(timeline.map((e) => e.kind).slice(0, 2)).toEqual(['booking_created', 'customer_visit']);
    expect(timeline.some((e) => e.kind === 'customer_activity')).toBe(false);
  });

  it('says a visit ended without a booking, and keeps the next visit apart', async () => {
    const { sessionId, leadId } = await readyToBook(t.app);
    await step(sessionId, 'details_given', { glassCount: 2, painPoint: 'uv-privacy' });
    await step(sessionId, 'estimate_seen', { totalCents: 27_000 });
    await step(sessionId, 'left_without_booking');
    t.advance(120); // back two hours later: a new visit
    await step(sessionId, 'booking_opened');
    await step(sessionId, 'left_without_booking');

    const visits = (await timelineOf(leadId)).filter((e) => e.kind === 'customer_visit');
    expect(visits.map((v) => v.text)).toEqual([
      'Opened the booking page\nLeft without booking',
      "Gave the job's details: 2 panes, UV / Privacy / Heat & Glare\nSaw the estimate: $270.00 inc. GST\nLeft without booking",
    ]);
  });

  it('refuses a step without a valid session id with the error shape, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/activities',
      payload: { sessionId: 'nope', action: 'details_given', eventType: 'customer_step' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
  });
});
