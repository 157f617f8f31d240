import { PermanentDeliveryError } from '#server/integrations/delivery.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { sendOutbound, type OutboundAnswer } from '#server/integrations/outbound-request.ts';

// The few CalDAV requests (RFC 4791) TintBook makes of a consultant's calendar: is this a calendar
// (PROPFIND), write an event (PUT with If-None-Match or If-Match), read its ETag, delete it. Each
// goes through sendOutbound: bounded in time and size, to checked addresses only (ADR 045), no
// redirects followed (they would re-send the password elsewhere).

export interface CaldavTarget {
  /** The calendar collection's address, ending in '/'. */
  url: string;
  username: string;
  password: string;
}

export interface CaldavOptions {
  resolve?: Resolve | undefined;
  timeoutMs?: number;
}

const provider = 'The calendar server';
const defaultTimeoutMs = 10_000;

/** Refused credentials: the same next time, until the calendar is connected again. */
export class CaldavAuthError extends PermanentDeliveryError {
  override name = 'CaldavAuthError';
}

/** A collection's address ends in '/': event addresses are made relative to it. */
export const collectionUrl = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Where a booking's event lives in the calendar: `<calendar url><booking id>.ics`. */
export const eventHref = (calendarUrl: string, bookingId: string) =>
  new URL(`${encodeURIComponent(bookingId)}.ics`, collectionUrl(calendarUrl)).href;

function request(
  target: CaldavTarget,
  init: {
    method: 'PUT' | 'GET' | 'DELETE' | 'PROPFIND';
    url?: string;
    headers?: Record<string, string>;
    body?: string;
    answered?: number[];
    readBytes?: number;
  },
  options: CaldavOptions,
): Promise<OutboundAnswer> {
  const basic = Buffer.from(`${target.username}:${target.password}`).toString('base64');
  return sendOutbound({
    provider,
    method: init.method,
    url: new URL(init.url ?? target.url),
    headers: { authorization: `Basic ${basic}`, ...init.headers },
    ...(init.body !== undefined && { body: init.body }),
    timeoutMs: options.timeoutMs ?? defaultTimeoutMs,
    readBytes: init.readBytes ?? 0,
    // 401 and 403 are answered so they can say what is wrong in words
    answered: [401, 403, ...(init.answered ?? [])],
    resolve: options.resolve,
  }).then((answer) => {
    if (answer.status === 401 || answer.status === 403) {
      throw new CaldavAuthError(
        `${provider} refused the user name and app password (HTTP ${answer.status})`,
      );
    }
    return answer;
  });
}

const propfindBody = `<?xml version="1.0" encoding="utf-8"?>
<D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/></D:prop></D:propfind>`;

/**
 * Whether the address is a calendar collection: PROPFIND Depth 0 answers its resourcetype, which
 * holds CalDAV's <calendar/>. Read with a pattern, not an XML parser: only that one element of a
 * small answer matters, and any namespace prefix is accepted as long as it is CalDAV's.
 */
export async function isCalendarCollection(target: CaldavTarget, options: CaldavOptions = {}) {
  const answer = await request(
    target,
    {
      method: 'PROPFIND',
      headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
      body: propfindBody,
      answered: [404, 405],
      readBytes: 64 * 1024,
    },
    options,
  );
  if (answer.status !== 207) return false;
  const types = /<(?:[\w.-]+:)?resourcetype\b[^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?resourcetype>/i.exec(
    answer.body,
  )?.[1];
  const calendar = /<(?:([\w.-]+):)?calendar\b[^>]*\/?>/i.exec(types ?? '');
  if (!calendar) return false;
  const prefix = calendar[1];
  const namespace = prefix
    ? new RegExp(`xmlns:${prefix}\\s*=\\s*["']urn:ietf:params:xml:ns:caldav["']`, 'i')
    : /xmlns\s*=\s*["']urn:ietf:params:xml:ns:caldav["']/i;
  return namespace.test(answer.body);
}

const etagOf = (answer: OutboundAnswer) => {
  const etag = answer.headers.etag;
  return typeof etag === 'string' && etag ? etag : null;
};

export type PutOutcome =
  | { status: 'written'; etag: string | null }
  /** If-None-Match failed (it exists already) or If-Match failed (it changed, or is gone). */
  | { status: 'precondition-failed' };

/**
 * PUT of an event. 'create': only when none exists (If-None-Match: *); an ETag: only over that
 * version (If-Match); 'overwrite': whatever is there (a server that gives no ETags).
 */
export type PutCondition = 'create' | 'overwrite' | { etag: string };

export async function putEvent(
  target: CaldavTarget,
  href: string,
  ics: string,
  condition: PutCondition,
  options: CaldavOptions = {},
): Promise<PutOutcome> {
  const precondition: Record<string, string> =
    condition === 'create'
      ? { 'if-none-match': '*' }
      : condition === 'overwrite'
        ? {}
        : { 'if-match': condition.etag };
  const answer = await request(
    target,
    {
      method: 'PUT',
      url: href,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        ...precondition,
      },
      body: ics,
      answered: [412],
    },
    options,
  );
  if (answer.status === 412) return { status: 'precondition-failed' };
  return { status: 'written', etag: etagOf(answer) };
}

/** The event's ETag now ('' when the server gives none); null when it is not there. */
export async function eventEtag(target: CaldavTarget, href: string, options: CaldavOptions = {}) {
  const answer = await request(target, { method: 'GET', url: href, answered: [404] }, options);
  return answer.status === 404 ? null : (etagOf(answer) ?? '');
}

/** Deletes the event; one that is not there is as good as deleted. */
export async function deleteEvent(target: CaldavTarget, href: string, options: CaldavOptions = {}) {
  await request(target, { method: 'DELETE', url: href, answered: [404, 410] }, options);
}
