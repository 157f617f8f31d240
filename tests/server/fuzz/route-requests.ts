import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RegisteredRoute } from '#server/plugins/auth.ts';
import { mutate, mutation, rawBodies } from './hostile-values';
import { arbitraryOf, toJsonSchema, type Hints } from './schema-arbitrary';

// One arbitrary of requests per route: params, query and body generated from the route's own
// zod schemas, then (mostly) one part spoiled by a mutation.

/** Percent-encoding that can also send a lone surrogate, as the invalid UTF-8 a client may send. */
export function encodeSegment(text: string): string {
  let out = '';
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point >= 0xd800 && point <= 0xdfff) {
      const bytes = [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

// printable ASCII without the characters that end a path segment: sent as is, not encoded, so a
// malformed %-sequence reaches the router
const sendableAsIs = (text: string) => /^[\x21-\x7e]*$/.test(text) && !/[/?#]/.test(text);

function part(schema: unknown, hints: Hints): fc.Arbitrary<unknown> {
  const generated = schema ? arbitraryOf(toJsonSchema(schema), hints) : fc.constant(undefined);
  return fc.tuple(generated, mutation).map(([value, m]) => mutate(value, m));
}

function urlOf(route: RegisteredRoute, params: unknown, raw: boolean, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const segment = (name: string) => {
    const text = asText(values[name]);
    return raw && sendableAsIs(text) ? text : encodeSegment(text);
  };
  const path = route.url
    .replace(/:(\w+)/g, (_, name: string) => segment(name))
    .replace(/\*$/, () => segment('*'));
  if (query === null || typeof query !== 'object') return path;
  const pairs = Object.entries(query).map(
    ([k, v]) => `${encodeSegment(k)}=${encodeSegment(asText(v))}`,
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

/** Requests for `route`: mostly shaped like its contract, each with something wrong. */
export function requestsFor(route: RegisteredRoute, hints: Hints): fc.Arbitrary<InjectOptions> {
  const { schema = {} } = route;
  return fc
    .record({
      params: part(schema.params, hints),
      query: part(schema.querystring, hints),
      body: part(schema.body, hints),
      rawParams: fc.boolean(),
      // a body that is not JSON at all: now and then where a contract expects JSON, else often
      raw: fc.oneof(
        { weight: schema.body ? 7 : 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...rawBodies) },
      ),
      // now and then another site: with a staff session that is a CSRF refusal (403)
      foreignOrigin: fc.nat(5).map((n) => n === 0),
    })
    .map(({ params, query, body, rawParams, raw, foreignOrigin }) => {
      const headers: Record<string, string> = foreignOrigin
        ? { origin: 'https://evil.example' }
        : { origin: 'http://localhost' };
      const request: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: urlOf(route, params, rawParams, query),
        headers,
      };
      if (!hasBody(route.method)) return request;
      if (raw) {
        headers['content-type'] = raw.contentType;
        return { ...request, payload: raw.payload };
      }
      if (body === undefined) return request;
      headers['content-type'] = 'application/json';
      return { ...request, payload: JSON.stringify(body) ?? 'null' };
    });
}
