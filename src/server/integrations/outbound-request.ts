import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { PermanentDeliveryError, TransientDeliveryError } from './delivery';
import { checkedAddresses, checkedLookup, type Resolve } from './outbound-address';

// One HTTP request of the webhook, GA4, job-tracker and calendar adapters, its outcome sorted the
// way the message worker needs it: an answer (2xx), worth retrying, or never going to work.

export interface OutboundRequest {
  /** Names the provider in messages ('Webhook receiver', 'GA4', 'Job tracker'). */
  provider: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'GET' | 'DELETE' | 'PROPFIND';
  url: URL;
  headers: Record<string, string>;
  /** None for a GET or a DELETE. */
  body?: string;
  timeoutMs: number;
  /** Reads up to this many bytes of a 2xx answer (the job tracker's id); 0 reads none. */
  readBytes?: number;
  /**
   * Statuses besides 2xx that are answers, not failures: CalDAV's 412 (the ETag moved on) and
   * 404, a redirect the caller follows itself.
   */
  answered?: readonly number[];
  /** Reference for a Retry-After date when the answer has no Date header. */
  now?: Date;
  /** Name resolution for the address check; the system's by default. */
  resolve?: Resolve | undefined;
}

export interface OutboundAnswer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** A Retry-After longer than this is taken as this: the queue still gets a bounded wait. */
const maxRetryAfterSeconds = 24 * 60 * 60;

export async function sendOutbound(request: OutboundRequest): Promise<OutboundAnswer> {
  const { provider, timeoutMs } = request;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: IncomingMessage;
  try {
    response = await send(request, signal);
  } catch (err) {
    if (err instanceof PermanentDeliveryError) throw err;
    if (isUnsendable(err)) {
      // a header Node cannot send (a key with a line break or a non-Latin-1 character): the
      // same next time. The error's own message may quote the key.
      throw new PermanentDeliveryError(
        `${provider} request could not be made: check its key or secret setting and its address`,
      );
    }
    throw new TransientDeliveryError(`${provider} ${failure(err, timeoutMs)}`);
  }
  const status = response.statusCode ?? 0;
  if ((status >= 200 && status < 300) || request.answered?.includes(status)) {
    try {
      const body = await readLimited(response, request.readBytes ?? 0);
      return { status, body, headers: response.headers };
    } catch (err) {
      throw new TransientDeliveryError(`${provider} answer ${failure(err, timeoutMs)}`);
    }
  }
  response.destroy();
  throw statusError(provider, status, response.headers, request.now);
}

/**
 * One request over node:http(s), whose lookup hands out checked addresses only (an IP literal
 * is checked here: no lookup runs for it). Redirects are never followed: a redirect would re-send
 * the body (and the key) to an address nobody configured.
 */
async function send(request: OutboundRequest, signal: AbortSignal): Promise<IncomingMessage> {
  const { url } = request;
  const what = `${request.provider} address`;
  if (isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) {
    await checkedAddresses(url.hostname, what, request.resolve);
  }
  const client = url.protocol === 'https:' ? https : http;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(body && { 'Content-Length': String(body.byteLength) }),
      },
      lookup: checkedLookup(what, request.resolve),
      // a connection of its own: a pooled socket may have been opened by another check
      agent: false,
      signal,
    });
    outgoing.on('response', resolve);
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function statusError(
  provider: string,
  status: number,
  headers: IncomingHttpHeaders,
  now: Date | undefined,
): Error {
  if (status >= 300 && status < 400) {
    return new PermanentDeliveryError(
      `${provider} answered HTTP ${status} (a redirect, not followed): configure the address it redirects to`,
    );
  }
  if (status === 429 || status === 408 || status >= 500) {
    const reference = dateHeader(headers) ?? now;
    const wait = retryAfterSeconds(headers['retry-after'] ?? null, reference);
    return new TransientDeliveryError(`${provider} answered HTTP ${status}`, wait);
  }
  return new PermanentDeliveryError(`${provider} refused the request: HTTP ${status}`);
}

/** Retry-After as seconds or an HTTP date (against the answer's own Date, so clocks need not agree). */
export function retryAfterSeconds(
  header: string | null,
  reference: Date | undefined,
): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Math.min(Number(value), maxRetryAfterSeconds);
  const at = Date.parse(value);
  if (Number.isNaN(at) || !reference) return undefined;
  const seconds = Math.ceil((at - reference.getTime()) / 1000);
  return Math.min(Math.max(seconds, 0), maxRetryAfterSeconds);
}

function dateHeader(headers: IncomingHttpHeaders): Date | undefined {
  const value = Date.parse(headers.date ?? '');
  return Number.isNaN(value) ? undefined : new Date(value);
}

interface RequestError {
  name?: string;
  code?: string;
  /** several addresses tried (localhost: ::1 and 127.0.0.1) give an AggregateError */
  errors?: { code?: string }[];
}

// Node refuses a header value with a line break or a character outside Latin-1 before sending.
const unsendableCodes = new Set(['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE']);

function isUnsendable(err: unknown): boolean {
  const code = (err as RequestError | undefined)?.code;
  return code !== undefined && unsendableCodes.has(code);
}

// The message names the failure (refused, timed out) but never the URL, which may hold a key.
function failure(err: unknown, timeoutMs: number): string {
  const error = err as RequestError | undefined;
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') {
    return `did not answer within ${timeoutMs / 1000} s`;
  }
  const code = error?.code ?? error?.errors?.[0]?.code;
  return code ? `unreachable (${code})` : 'unreachable';
}

async function readLimited(response: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (limit > 0) {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      chunks.push(buffer);
      size += buffer.byteLength;
      if (size >= limit) break;
    }
  }
  // the rest (or all of it, when nothing is wanted) is dropped, freeing the connection
  response.destroy();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
