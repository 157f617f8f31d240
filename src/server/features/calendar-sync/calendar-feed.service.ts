import { createHash, randomBytes } from 'node:crypto';
import { icsCalendar } from '#shared/booking/calendar-event.ts';
import { defaultBookingRules } from '#shared/booking/booking-rules.ts';
import { painPointNames } from '#server/db/catalogue-store.ts';
import type { Db } from '#server/db/client.ts';
import { findConsultant } from '#server/db/consultant-store.ts';
import { calendarEntriesOf } from '#server/messages/calendar-entries.repository.ts';
import { consultantEntry } from '#server/messages/templates/consultant-entry.ts';
import { consultantCalendarMessages as m } from '#shared/admin/consultant-calendar.contract.ts';
import { consultantAdminMessages } from '#shared/admin/consultants.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './calendar-connection.repository';

// Each consultant's secret feed of their bookings (issue 29, ADR 053): GET
// /api/calendar/<token>.ics, subscribed to from Google, Apple or Outlook. The token is shown once;
// the database keeps only its sha256, so a leaked table or backup opens no feed.

const day = 86_400_000;
/** How far back the feed reaches: a consultant looks up last week's visits. */
const daysBack = 30;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed's address: `appUrl` is PUBLIC_URL, else the address the admin used. */
export const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/${token}.ics`;

async function requireConsultant(db: Db, id: string) {
  const consultant = await findConsultant(db, id);
  if (!consultant) throw HttpError.notFound(consultantAdminMessages.notFound);
  return consultant;
}

/** Makes the feed, or replaces it (the old address stops working at once). */
export async function makeFeed(db: Db, consultantId: string, now: Date, appUrl: string) {
  await requireConsultant(db, consultantId);
  // 256 bits, as a manage link's: guessing one is out of reach
  const token = randomBytes(32).toString('base64url');
  await repo.saveFeedToken(db, consultantId, hashOf(token), now);
  return { url: feedUrl(appUrl, token) };
}

export async function revokeFeed(db: Db, consultantId: string) {
  await requireConsultant(db, consultantId);
  await repo.clearFeedToken(db, consultantId);
}

/** The feed's calendar, or 404 for a token that is not (or no longer) one. */
export async function feedFile(db: Db, token: string, now: Date, appUrl: string) {
  const found = /^[\w-]{20,100}$/.test(token) && (await repo.findByFeedHash(db, hashOf(token)));
  if (!found) throw HttpError.notFound(m.feedNotFound);
  const consultant = await findConsultant(db, found.consultantId);
  const from = new Date(now.getTime() - daysBack * day);
  // through the last day a customer can book, whole
  const to = new Date(now.getTime() + (defaultBookingRules.horizonDays + 2) * day);
  const [rows, concerns] = await Promise.all([
    calendarEntriesOf(db, found.consultantId, from, to),
    painPointNames(db),
  ]);
  const events = rows.map((row) => consultantEntry(row, { appUrl, concerns, now }));
  return icsCalendar(events, 'PUBLISH', consultant ? `TintBook: ${consultant.name}` : 'TintBook');
}
