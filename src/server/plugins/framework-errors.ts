import {
  STATUS_CODES,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { errorCodes, messages } from '#shared/api/error.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { httpLayerRefusal } from '#server/lib/http-layer-errors.ts';
import { sendError } from './errors';

// Refusals Fastify and Node make before any route or hook runs (issue 16): a path that is not
// valid percent-encoding, a path parameter over maxParamLength (100), headers over Node's 16 KB,
// a request line or chunked body Node cannot parse, an HTTP/1.1 request without Host, an Expect
// header Node cannot meet. They answer in the documented shape with the security headers, and
// never echo what was sent.

/** Fastify's `frameworkErrors`: the router's refusals, on a reply no hook has seen. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'router failed');
  void sendError(reply, status, httpLayerRefusal(status, error.code));
}

/** The status Node itself would answer for a parser error (lib/_http_server.js). */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** A whole HTTP/1.1 answer for a socket Node's parser gave up on; the connection then closes. */
export function rawErrorResponse(
  status: number,
  headers: Readonly<Record<string, string>>,
): string {
  const body = JSON.stringify({ error: httpLayerRefusal(status) });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler` (the server's 'clientError' event), bound to the app. */
function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own caution: never write into an answer that has already begun on this socket
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(rawErrorResponse(statusOf(error.code), this.securityHeaders));
  }
  // the code only: the error's rawPacket holds the request's bytes, cookies included
  this.log.debug({ code: error.code }, 'refused a request the HTTP parser could not read');
  socket.destroy(error);
}

/** Options for `Fastify()`: the framework's own refusals in the API's shape. */
export const frameworkErrorOptions = {
  frameworkErrors,
  clientErrorHandler,
  // Node answers a bare 400 itself for HTTP/1.1 without Host; registerNodeRefusals answers instead
  http: { requireHostHeader: false },
} satisfies Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> & {
  http: ServerOptions;
};

/**
 * Refusals Node makes after parsing and before Fastify sees the request, answered here instead:
 * an HTTP/1.1 request without Host (RFC 9112 §3.2; Node's own check is off, above), and an
 * Expect header other than 100-continue (Node answers a bare 417 unless someone listens).
 */
export function registerNodeRefusals(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new HttpError(400, errorCodes.badRequest, messages.badRequest);
    }
  });
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ error: httpLayerRefusal(417) });
    response
      .writeHead(417, {
        ...app.securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      })
      .end(body);
  });
}
