import {
  consultantCalendarMessages as m,
  type CalendarSummary,
  type ConnectCalendar,
} from '#shared/admin/consultant-calendar.contract.ts';
import { consultantAdminMessages } from '#shared/admin/consultants.contract.ts';
import type { Db } from '#server/db/client.ts';
import { calendarSummary, findConsultantCalendar } from '#server/db/consultant-calendar-store.ts';
import { findConsultant } from '#server/db/consultant-store.ts';
import {
  CaldavAuthError,
  collectionUrl,
  isCalendarCollection,
} from '#server/integrations/caldav/caldav-client.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { sendOutbound } from '#server/integrations/outbound-request.ts';
import { sealCalendarPassword } from '#server/lib/calendar-password.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { SettingSecrets } from '#server/lib/setting-secrets.ts';
import * as repo from './calendar-connection.repository';

// Connecting a consultant's calendar (issue 29, ADR 053): checked by one real request before it
// is saved, so a wrong password or address is refused in words while the admin is still there.

export interface ConnectDeps {
  secrets: SettingSecrets;
  resolve?: Resolve | undefined;
}

export async function requireConsultant(db: Db, id: string) {
  if (!(await findConsultant(db, id))) throw HttpError.notFound(consultantAdminMessages.notFound);
}

export async function calendarOf(db: Db, consultantId: string): Promise<CalendarSummary> {
  return calendarSummary(await findConsultantCalendar(db, consultantId));
}

export async function connectCalendar(
  db: Db,
  consultantId: string,
  body: ConnectCalendar,
  deps: ConnectDeps,
): Promise<CalendarSummary> {
  await requireConsultant(db, consultantId);
  if (body.kind === 'caldav') {
    const url = collectionUrl(body.url);
    // sealed first: without a server key nothing is asked of their server (503)
    const passwordSealed = sealCalendarPassword(deps.secrets, consultantId, body.password);
    const target = { url, username: body.username, password: body.password };
    const isCalendar = await checking(() => isCalendarCollection(target, deps));
    if (!isCalendar) throw HttpError.badRequest(m.notCalendar, { url: m.notCalendar });
    await repo.saveConnection(db, consultantId, {
      kind: 'caldav',
      url,
      username: body.username,
      passwordSealed,
    });
  } else {
    await checking(() => checkIcs(body.url, deps.resolve));
    await repo.saveConnection(db, consultantId, {
      kind: 'ics',
      url: body.url,
      username: null,
      passwordSealed: null,
    });
  }
  return calendarOf(db, consultantId);
}

export async function disconnectCalendar(db: Db, consultantId: string) {
  await requireConsultant(db, consultantId);
  await repo.clearConnection(db, consultantId);
}

/** The check's failure as the admin reads it, on the input it is about. */
async function checking<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof CaldavAuthError) {
      throw HttpError.badRequest(m.unauthorized, { password: m.unauthorized });
    }
    const message = m.unreachable(plainWhy(err));
    throw HttpError.badRequest(message, { url: message });
  }
}

/** sendOutbound's reasons, which name the provider for the message log, in the admin's words. */
function plainWhy(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  if (text.includes('internal address')) return 'that address is inside a private network';
  if (text.includes('redirect')) return 'the address redirects elsewhere';
  if (text.includes('did not answer')) return 'the server did not answer in time';
  if (text.includes('unreachable')) return 'nothing answered at that address';
  const status = /HTTP (\d{3})/.exec(text)?.[1];
  return status ? `the server answered HTTP ${status}` : 'the request failed';
}

const redirects = [301, 302, 303, 307, 308];

/**
 * A private ICS address must answer a calendar file. A GET with no credentials, so a redirect
 * (iCloud's published calendars move between hosts) is followed, each hop checked alike.
 */
async function checkIcs(address: string, resolve: Resolve | undefined) {
  let url = new URL(address);
  for (let hop = 0; hop < 4; hop++) {
    const answer = await sendOutbound({
      provider: 'The calendar server',
      method: 'GET',
      url,
      headers: { accept: 'text/calendar, */*;q=0.5' },
      timeoutMs: 10_000,
      readBytes: 64 * 1024,
      answered: hop < 3 ? redirects : [],
      resolve,
    });
    const location = answer.headers.location;
    if (redirects.includes(answer.status) && location) {
      url = new URL(location, url);
      continue;
    }
    if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(answer.body)) {
      throw HttpError.badRequest(m.notIcs, { url: m.notIcs });
    }
    return;
  }
}
