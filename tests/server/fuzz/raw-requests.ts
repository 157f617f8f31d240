import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RegisteredRoute } from '#server/plugins/auth.ts';

// Malformed HTTP/1.1 as bytes: what Node's parser and Fastify's router see before any route
// runs. Request lines, targets, headers and body framing, each possibly broken.

const methods = [
  'CONNECT',
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'BREW',
  'get',
];
const versions = ['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', ''];
const badSequences = ['%', '%G0', '%E0%A4%A', '%00', '%C0%AF', '%ED%A0%80', '%FF', '%25'];
// all under /api: elsewhere a GET is a page of the web app, whose answer depends on the build
const oddTargets = [
  'http://localhost/api/settings',
  '/api//customers',
  '/api/../health',
  '/api/%2e%2e/',
];

function concrete(url: string): string {
  return url.replace(/:\w+/g, () => randomUUID()).replace(/\*$/, 'place-1');
}

/** A target: a route's URL, now and then spoiled by a bad %-sequence, length or raw bytes. */
function targetOf(routes: readonly RegisteredRoute[]): fc.Arbitrary<string> {
  const urls = routes.map((r) => concrete(r.url));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...urls) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...urls), fc.constantFrom(...badSequences), fc.nat())
        .map(([url, bad, at]) => {
          const cut = 1 + (at % url.length);
          return url.slice(0, cut) + bad + url.slice(cut);
        }),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...urls), fc.integer({ min: 90, max: 5000 }))
        .map(([url, length]) => url.replace(/[0-9a-f-]{36}/, 'a'.repeat(length))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...urls), fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }))
        .map(([url, raw]) => `${url}/${raw}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(...oddTargets) },
  );
}

type Framing = { headers: string[]; body: string };

const json = '{"firstName":"Alex"}';
const framings: readonly Framing[] = [
  { headers: [], body: '' },
  { headers: ['Content-Type: application/json', `Content-Length: ${json.length}`], body: json },
  { headers: ['Content-Type: application/json', 'Content-Length: 500'], body: json },
  { headers: ['Content-Length: -1'], body: '' },
  { headers: ['Content-Length: 12abc'], body: '' },
  { headers: ['Content-Length: 5', 'Content-Length: 6'], body: 'hello!' },
  {
    headers: ['Content-Type: application/json', 'Transfer-Encoding: chunked'],
    body: `${json.length.toString(16)}\r\n${json}\r\n0\r\n\r\n`,
  },
  { headers: ['Transfer-Encoding: chunked'], body: 'zz\r\nhello\r\n0\r\n\r\n' },
  { headers: ['Transfer-Encoding: chunked'], body: '5\r\nhello' },
  { headers: ['Transfer-Encoding: chunked'], body: '5;ext="\u0001"\r\nhello\r\n0\r\n\r\n' },
  { headers: ['Transfer-Encoding: chunked'], body: 'ffffffffffffffff\r\nhello\r\n0\r\n\r\n' },
  { headers: ['Transfer-Encoding: chunked', 'Content-Length: 5'], body: '0\r\n\r\nhello' },
  { headers: ['Transfer-Encoding: gzip, chunked'], body: '0\r\n\r\n' },
  { headers: ['Transfer-Encoding: identity'], body: 'hello' },
];

const headerLines = fc.oneof(
  fc.constantFrom(
    'Accept: application/json',
    'Cookie: tintbook_staff=garbage; other=%E0',
    'Origin: https://evil.example',
    'Expect: 100-continue',
    'Expect: bogus',
    'X-Forwarded-For: 1.2.3.4, not-an-ip',
    'Content-Type: multipart/form-data',
    'Bad Header: space in name',
    'X-Folded: first\r\n second line',
    'X-Empty:',
    ': no name',
    'Host: second.example',
    `X-Latin1: caf\u00e9`,
    'Connection: Upgrade\r\nUpgrade: websocket',
  ),
  fc.integer({ min: 15 * 1024, max: 20 * 1024 }).map((n) => `X-Padding: ${'a'.repeat(n)}`),
  fc
    .integer({ min: 100, max: 200 })
    .map((n) =>
      Array.from({ length: n }, (_, i) => `X-Many-${i}: ${'b'.repeat(100)}`).join('\r\n'),
    ),
  fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 }).map((raw) => `X-Raw: ${raw}`),
);

/** Whole requests as bytes, mostly malformed in one or more ways. */
export function rawRequests(routes: readonly RegisteredRoute[]): fc.Arbitrary<Buffer> {
  return fc
    .record({
      method: fc.constantFrom(...methods),
      target: targetOf(routes),
      version: fc.constantFrom(...versions),
      host: fc.boolean(),
      headers: fc.array(headerLines, { maxLength: 3 }),
      framing: fc.constantFrom(...framings),
      lineEnd: fc.constantFrom('\r\n', '\r\n', '\r\n', '\n'),
    })
    .map(({ method, target, version, host, headers, framing, lineEnd }) => {
      const lines = [
        `${method} ${target} ${version}`.trimEnd(),
        ...(host ? ['Host: localhost'] : []),
        ...headers,
        ...framing.headers,
      ];
      return Buffer.from(`${lines.join(lineEnd)}${lineEnd}${lineEnd}${framing.body}`, 'latin1');
    });
}
