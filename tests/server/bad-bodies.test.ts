import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/api/error.ts';
import { bookingMessages } from '#shared/booking/booking.contract.ts';
import { makeCustomerInput } from '#tests/factories.ts';
import { expectRefusal } from '#tests/helpers/api-error.ts';
import { brokenChunkedPost, listenLocally, sendRaw } from '#tests/helpers/raw-http.ts';
import { createTestApp } from '#tests/helpers/test-app.ts';
import {
  createBookingTestApp,
  readyToBook,
  type BookingTestApp,
} from '#tests/helpers/booking-flows.ts';

// Issue 16: bodies that used to end in a 500 (a stack overflow, a parser's plain Error, a date
// past year 9999 in Melbourne) are refused with a 400 in the documented shape.
describe('malformed bodies are a 400, never a 500', () => {
  let t: BookingTestApp;
  let sessionId: string;
  beforeAll(async () => {
    t = await createBookingTestApp();
    ({ sessionId } = await readyToBook(t.app));
  });
  afterAll(() => t.close());

  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('refuses JSON nested 10,000 deep (20 KB) without overflowing the stack', async () => {
    const payload = `{"first_name":${nested(10_000)}}`;
    expect(payload.length).toBeGreaterThan(20_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectRefusal(res, 400);
    expect(res.json().error.message).toBe(messages.tooDeep);
    // the server still answers
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('refuses JSON nested deeper than the limit in an object, and accepts ordinary nesting', async () => {
    const deepObject = `{"utm_data":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/sessions/${randomUUID()}/link-customer`,
      headers: { 'content-type': 'application/json' },
      payload: deepObject,
    });
    expectRefusal(res, 400);
    expect(res.json().error.message).toBe(messages.tooDeep);
    const ordinary = await t.app.inject({
      method: 'POST',
      url: '/api/customers',
      payload: makeCustomerInput(),
    });
    expect(ordinary.statusCode).toBe(201);
  });

  const upload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/uploads?sessionId=${sessionId}`,
      headers: { 'content-type': contentType },
      payload,
    });
  const part = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 not really a photo\r\n`;

  it('refuses a multipart body without a boundary', async () => {
    expectRefusal(await upload('multipart/form-data', part('x') + '--x--\r\n'), 400);
  });

  it('refuses a multipart body with the wrong boundary', async () => {
    const res = await upload('multipart/form-data; boundary=expected', part('other') + '--other--');
    expectRefusal(res, 400);
  });

  it('refuses a multipart body whose boundary is never closed', async () => {
    const res = await upload('multipart/form-data; boundary=cut', part('cut').slice(0, 90));
    expectRefusal(res, 400);
  });

  it('refuses a hold at 9999-12-31T23:59:59Z as a time not offered', async () => {
    for (const startTime of ['9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/holds',
        payload: { sessionId, startTime },
      });
      expectRefusal(res, 400, ['startTime', bookingMessages.notASlot]);
    }
  });

  it('answers availability for dates far outside the horizon without failing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/availability?from=9999-12-30&to=9999-12-31',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});

// Issue 26 item 23: a broken chunked body on a rate-limited POST is the client's 400 and nothing
// in the log above info (it was an error-level TypeError in the rate-limit hook, which ran after
// Node's parser had closed the socket and found no client address).
describe('a broken chunked body on a rate-limited route', () => {
  it('is a 400 and leaves no warning or error in the log', async () => {
    const lines: string[] = [];
    // warn: an info line would read the client address early and hide the failure
    const t = await createTestApp(
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const port = await listenLocally(t.app);
      const routes = [
        '/api/customers',
        '/api/utm/capture',
        '/api/leads',
        '/api/bookings',
        '/api/holds',
        '/api/uploads',
        '/api/estimates',
      ];
      for (const route of routes) {
        const answer = await sendRaw(port, brokenChunkedPost(route));
        expect(answer?.status, route).toBe(400);
      }
      // hooks of the refused requests finish after the answer: give them a moment
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lines).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
