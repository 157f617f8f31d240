import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, messages } from '#shared/api/error.ts';
import { isApiError, parseJson } from '#tests/helpers/api-error.ts';
import { httpRequest, listenLocally, sendRaw, type RawAnswer } from '#tests/helpers/raw-http.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

// Issue 16 item 3: what Fastify's router and Node's HTTP parser refuse, before any route or hook
// runs, answers in the documented shape with the same security headers as every other answer,
// and never echoes the request. Sent over a real socket: app.inject skips Node's parser.
describe('refusals of the HTTP layer', () => {
  let t: TestApp;
  let port: number;
  let reference: RawAnswer;
  beforeAll(async () => {
    t = await createTestApp();
    port = await listenLocally(t.app);
    const health = await sendRaw(port, httpRequest('GET /health HTTP/1.1'));
    if (!health) throw new Error('no answer from /health');
    reference = health;
  });
  afterAll(() => t.close());

  /** Helmet's headers as an ordinary answer carries them. */
  const securityHeaders = () =>
    Object.fromEntries(
      [
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'referrer-policy',
        'x-content-type-options',
        'x-frame-options',
      ].map((name) => [name, reference.headers[name]]),
    );

  function expectShapedRefusal(answer: RawAnswer | null, status: number, code: string) {
    expect(answer, 'an answer').not.toBeNull();
    const { status: got, headers, body } = answer as RawAnswer;
    expect({ status: got, shaped: isApiError(parseJson(body)) }, body).toEqual({
      status,
      shaped: true,
    });
    expect((parseJson(body) as { error: { code: string } }).error.code).toBe(code);
    expect(headers['content-type']).toMatch(/^application\/json/);
    expect(headers).toMatchObject(securityHeaders());
    return (parseJson(body) as { error: { message: string } }).error.message;
  }

  it('has security headers to compare with', () => {
    expect(reference.status).toBe(200);
    expect(reference.headers['x-content-type-options']).toBe('nosniff');
    expect(reference.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers a malformed URL encoding with a 400 that does not echo the path', async () => {
    const path = '/api/manage/%E0%A4%A<script>';
    const answer = await sendRaw(port, httpRequest(`GET ${path} HTTP/1.1`));
    const message = expectShapedRefusal(answer, 400, errorCodes.badRequest);
    expect(message).toBe(messages.badUrl);
    expect(answer?.body).not.toContain('script');
  });

  it('answers a path parameter over 100 characters with a 414', async () => {
    // a POST: a GET may still match the web app's wildcard route (when built), then a 404
    const token = 'a'.repeat(101);
    const answer = await sendRaw(port, httpRequest(`POST /api/manage/${token}/cancel HTTP/1.1`));
    expect(expectShapedRefusal(answer, 414, errorCodes.uriTooLong)).toBe(messages.uriTooLong);
  });

  it('answers headers over 16 KB with a 431', async () => {
    const answer = await sendRaw(
      port,
      httpRequest(`GET /health HTTP/1.1\r\nX-Padding: ${'a'.repeat(17 * 1024)}`),
    );
    const message = expectShapedRefusal(answer, 431, errorCodes.headersTooLarge);
    expect(message).toBe(messages.headersTooLarge);
  });

  it('answers an HTTP/1.1 request without Host with a 400', async () => {
    const answer = await sendRaw(port, 'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectShapedRefusal(answer, 400, errorCodes.badRequest);
  });

  it('answers a request Node cannot parse with a 400', async () => {
    const garbage = await sendRaw(port, 'NOT AN HTTP REQUEST\r\n\r\n');
    expectShapedRefusal(garbage, 400, errorCodes.badRequest);
    const badChunk = await sendRaw(
      port,
      httpRequest(
        'POST /api/customers HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked',
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
    );
    expectShapedRefusal(badChunk, 400, errorCodes.badRequest);
  });

  it('answers a body that is not JSON in the API words, not the framework internals', async () => {
    const answer = await sendRaw(
      port,
      httpRequest(
        'POST /api/customers HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 9',
        '{"first":',
      ),
    );
    expect(expectShapedRefusal(answer, 400, errorCodes.badRequest)).toBe(messages.badJson);
    const typed = await sendRaw(
      port,
      httpRequest(
        'POST /api/customers HTTP/1.1\r\nContent-Type: application/x-unknown\r\nContent-Length: 2',
        'hi',
      ),
    );
    expectShapedRefusal(typed, 415, errorCodes.unsupportedMediaType);
  });

  it('answers an expectation it cannot meet with a 417', async () => {
    const answer = await sendRaw(port, httpRequest('GET /health HTTP/1.1\r\nExpect: bogus'));
    expectShapedRefusal(answer, 417, errorCodes.expectationFailed);
  });

  it('is still healthy afterwards', async () => {
    const answer = await sendRaw(port, httpRequest('GET /health HTTP/1.1'));
    expect(answer?.status).toBe(200);
  });
});
