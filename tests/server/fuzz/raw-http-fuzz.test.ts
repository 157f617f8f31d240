import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, parseJson } from '#tests/helpers/api-error.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { httpRequest, listenLocally, sendRaw, type RawAnswer } from '#tests/helpers/raw-http.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import { fuzzSeed, publicRoutesOf } from './fuzz-support';
import { rawRequests } from './raw-requests';

// Issue 16: malformed HTTP straight onto a socket (app.inject skips Node's parser). Whatever
// arrives: no 5xx, every refusal in the documented shape with the security headers, and the
// server keeps answering.
const requestsPerRun = 300;

function problemWith(request: Buffer, answer: RawAnswer | null): string | null {
  if (answer === null) return null; // the server may close without a word (CONNECT, a reset)
  const { status, headers, body } = answer;
  if (!(status >= 100 && status < 500)) return `answered ${status}: ${body.slice(0, 300)}`;
  if (status < 400) return null;
  if (headers['x-content-type-options'] !== 'nosniff' || !headers['content-security-policy']) {
    return `answered ${status} without the security headers`;
  }
  const isHead = request.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (!isHead && !isApiError(parseJson(body))) {
    return `answered ${status} outside the error shape: ${body.slice(0, 300)}`;
  }
  return null;
}

describe('fuzz: malformed HTTP on a real socket', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PUBLIC_MAX: '1000000' });
    port = await listenLocally(t.app);
  });
  afterAll(() => t.close());

  it(`answers ${requestsPerRun} malformed requests without a 5xx, in the error shape`, async () => {
    const apiRoutes = publicRoutesOf(t.app).filter((r) => r.url.startsWith('/api/'));
    let sent = 0;
    const property = fc.asyncProperty(rawRequests(apiRoutes), async (request) => {
      sent += 1;
      // a request cut short is answered once the client stops sending (250 ms of silence)
      const answer = await sendRaw(port, request, { timeoutMs: 3000, idleMs: 250 });
      const problem = problemWith(request, answer);
      if (problem)
        throw new Error(
          `${problem}\nrequest: ${JSON.stringify(request.toString('latin1').slice(0, 400))}`,
        );
    });
    await fc.assert(property, { seed: fuzzSeed, numRuns: requestsPerRun });
    expect(sent).toBeGreaterThanOrEqual(requestsPerRun);
  }, 180_000);

  it('is still healthy: /health over the socket, and a whole Contact step', async () => {
    expect((await sendRaw(port, httpRequest('GET /health HTTP/1.1')))?.status).toBe(200);
    await expect(completeContactStep(t.app)).resolves.toMatchObject({ leadId: expect.any(String) });
  });
});
