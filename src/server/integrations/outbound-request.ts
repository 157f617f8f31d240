import { PermanentDeliveryError, TransientDeliveryError } from './delivery';

// One HTTP request of the webhook, GA4 and job-tracker adapters, its outcome sorted the way the
// message worker needs it: an answer (2xx), worth retrying, or never going to work.

export interface OutboundRequest {
  /** Names the provider in messages ('Webhook receiver', 'GA4', 'Job tracker'). */
  provider: string;
  method: 'POST' | 'PATCH';
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Reads up to this many bytes of a 2xx answer (the job tracker's id); 0 reads none. */
  readBytes?: number;
  /** Reference for a Retry-After date when the answer has no Date header. */
  now?: Date;
}

export interface OutboundAnswer {
  status: number;
  body: string;
}

/** A Retry-After longer than this is taken as this: the queue still gets a bounded wait. */
const maxRetryAfterSeconds = 24 * 60 * 60;

export async function sendOutbound(request: OutboundRequest): Promise<OutboundAnswer> {
  const { provider, timeoutMs } = request;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      // a redirect would re-send the body (and the key) to an address nobody configured
      redirect: 'manual',
      signal,
    });
  } catch (err) {
    if (isUnsendable(err)) {
      // a header fetch cannot send (a key with a line break or a non-Latin-1 character), or a
      // port fetch blocks: the same next time. The error's own message may quote the key.
      throw new PermanentDeliveryError(
        `${provider} request could not be made: check its key or secret setting and its address`,
      );
    }
    throw new TransientDeliveryError(`${provider} ${failure(err, timeoutMs)}`);
  }
  const { status } = response;
  if (status >= 200 && status < 300) {
    try {
      return { status, body: await readLimited(response, request.readBytes ?? 0) };
    } catch (err) {
      throw new TransientDeliveryError(`${provider} answer ${failure(err, timeoutMs)}`);
    }
  }
  await response.body?.cancel().catch(() => undefined);
  throw statusError(provider, response, request.now);
}

function statusError(provider: string, response: Response, now: Date | undefined): Error {
  const { status } = response;
  if (status >= 300 && status < 400) {
    return new PermanentDeliveryError(
      `${provider} answered HTTP ${status} (a redirect, not followed): configure the address it redirects to`,
    );
  }
  if (status === 429 || status === 408 || status >= 500) {
    const reference = dateHeader(response) ?? now;
    const wait = retryAfterSeconds(response.headers.get('retry-after'), reference);
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

function dateHeader(response: Response): Date | undefined {
  const value = Date.parse(response.headers.get('date') ?? '');
  return Number.isNaN(value) ? undefined : new Date(value);
}

interface FetchError {
  name?: string;
  message?: string;
  cause?: { code?: string; message?: string; errors?: { code?: string }[] };
}

function isUnsendable(err: unknown): boolean {
  const error = err as FetchError | undefined;
  if (error?.name !== 'TypeError') return false;
  return error.message !== 'fetch failed' || error.cause?.message === 'bad port';
}

// The message names the failure (refused, timed out) but never the URL, which may hold a key.
function failure(err: unknown, timeoutMs: number): string {
  const error = err as FetchError | undefined;
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') {
    return `did not answer within ${timeoutMs / 1000} s`;
  }
  // several addresses tried (localhost: ::1 and 127.0.0.1) give an AggregateError
  const code = error?.cause?.code ?? error?.cause?.errors?.[0]?.code;
  return code ? `unreachable (${code})` : 'unreachable';
}

async function readLimited(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // the rest (or all of it, when nothing is wanted) is dropped, freeing the connection
  await reader.cancel();
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
