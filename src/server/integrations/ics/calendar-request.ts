import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  checkedAddresses,
  checkedLookup,
  type Resolve,
} from '#server/integrations/outbound-address.ts';

// Reading a consultant's calendar (issue 29, ADR 053): a private ICS address (GET) or a CalDAV
// calendar-query (REPORT). The same address checks as every outbound request (ADR 045), a
// time-out, and a size cap that REFUSES a bigger answer (sendOutbound cuts an answer short, which
// for a calendar would silently drop busy times). Failures come out as CalendarReadError, worded
// for the consultant and the admin.

/** A calendar that could not be read, in plain words (shown as the calendar's last error). */
export class CalendarReadError extends Error {
  override name = 'CalendarReadError';
}

export const calendarMessages = {
  refusedPassword: 'The calendar server refused the password.',
  refusedAddress: 'The calendar server refused that address (it may have been reset).',
  unreachable: 'The calendar could not be reached.',
  notCalendar: 'That address did not answer with a calendar.',
  tooBig: (mb: number) => `The calendar is too large (over ${mb} MB).`,
  tooManyEvents: (n: number) =>
    `The calendar is too large (over ${n.toLocaleString('en-AU')} events).`,
  tooManyRepeats: (n: number) =>
    `The calendar is too large (over ${n.toLocaleString('en-AU')} repeated events).`,
  tooComplex: 'The calendar is too large or too complex to read.',
  noPassword: 'The calendar password could not be read: connect the calendar again.',
} as const;

export interface CalendarRequest {
  method: 'GET' | 'REPORT';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  resolve?: Resolve | undefined;
  /** GET only: redirects followed (iCloud's published calendars move between hosts). */
  redirects?: number;
}

export async function readCalendar(request: CalendarRequest): Promise<string> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let url = request.url;
  for (let hops = request.method === 'GET' ? (request.redirects ?? 3) : 0; ; hops -= 1) {
    const response = await send({ ...request, url }, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location && hops > 0) {
      response.destroy();
      const next = URL.canParse(location, url) ? new URL(location, url) : null;
      if (!next || !/^https?:$/.test(next.protocol))
        throw new CalendarReadError(calendarMessages.notCalendar);
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.destroy();
      throw new CalendarReadError(statusMessage(status, request));
    }
    return readCapped(response, request.maxBytes, signal);
  }
}

function statusMessage(status: number, request: CalendarRequest): string {
  const withPassword = Boolean(request.headers?.authorization);
  if (status === 401 || status === 403) {
    return withPassword ? calendarMessages.refusedPassword : calendarMessages.refusedAddress;
  }
  if (status === 404 || status === 410) return calendarMessages.notCalendar;
  if (status >= 500 || status === 429 || status === 408) return calendarMessages.unreachable;
  return calendarMessages.notCalendar;
}

async function send(request: CalendarRequest, signal: AbortSignal): Promise<IncomingMessage> {
  const { url } = request;
  const what = 'Calendar address';
  try {
    if (isIP(url.hostname.replace(/^\[(.*)\]$/, '$1'))) {
      await checkedAddresses(url.hostname, what, request.resolve);
    }
    const client = url.protocol === 'https:' ? https : http;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    return await new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = client.request(url, {
        method: request.method,
        headers: {
          ...request.headers,
          ...(body && { 'Content-Length': String(body.byteLength) }),
        },
        lookup: checkedLookup(what, request.resolve),
        agent: false,
        signal,
      });
      outgoing.on('response', resolve);
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  } catch {
    // refused, timed out, or an internal address the checks refused (ADR 045): to the consultant
    // it is simply not reachable, and the message never names the address (a secret ICS one)
    throw new CalendarReadError(calendarMessages.unreachable);
  }
}

/** The whole answer as text, refused past `maxBytes` (the connection dropped at once). */
async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal) {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      size += buffer.byteLength;
      if (size > maxBytes) {
        response.destroy();
        throw new CalendarReadError(calendarMessages.tooBig(Math.round(maxBytes / 1024 / 1024)));
      }
      chunks.push(buffer);
    }
  } catch (err) {
    if (err instanceof CalendarReadError) throw err;
    response.destroy();
    throw new CalendarReadError(calendarMessages.unreachable);
  }
  if (signal.aborted) throw new CalendarReadError(calendarMessages.unreachable);
  return Buffer.concat(chunks).toString('utf8');
}
