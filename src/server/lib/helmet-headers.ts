import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers `helmet(options)` puts on a response, found once by running it against a stand-in.
 * Answers written outside Fastify's request hooks (a bad URL, a parse error Node reports on the
 * socket) carry them too, from the same options as every other answer.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const standIn = {
    setHeader(name: string, value: number | string | readonly string[]) {
      headers[name.toLowerCase()] = [value].flat().join(', ');
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, standIn as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return headers;
}
