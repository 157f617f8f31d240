import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';
import {
  deleteEvent,
  eventEtag,
  eventHref,
  putEvent,
  type CaldavOptions,
  type CaldavTarget,
  type PutCondition,
} from '#server/integrations/caldav/caldav-client.ts';
import { painPointNames } from '#server/db/catalogue-store.ts';
import { findConsultantCalendar } from '#server/db/consultant-calendar-store.ts';
import { openCalendarPassword } from '#server/lib/calendar-password.ts';
import {
  deleteEventCopy,
  findCalendarEntry,
  findEventCopy,
  saveEventCopy,
  type CalendarEntryRow,
} from '#server/messages/calendar-entries.repository.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import type { Skipped } from '#server/messages/message-worker.ts';
import { consultantEventFile } from '#server/messages/templates/consultant-entry.ts';
import { kindOn } from './delivery-kind';
import type { HandlerDeps } from './handler-deps';

// A booking in a consultant's CalDAV calendar (issue 29, ADR 053). Each job makes the calendar
// agree with the booking as it is when the job runs, whatever change queued it: there while the
// booking is live and theirs, gone otherwise. So jobs may run late, twice or out of order (an
// outage, a retry after a PUT that went through but was not recorded) and the calendar still
// ends with one event, the newest.

const provider = 'caldav';

export interface CalendarEventPayload {
  /** Whose calendar: the booking's consultant then (a reassignment queues one for each). */
  consultantId: string;
}

export async function handleCalendar(delivery: DeliveryRow, deps: HandlerDeps) {
  kindOn(delivery, 'calendar', 'calendar event');
  const { consultantId } = delivery.payload as Partial<CalendarEventPayload>;
  const bookingId = delivery.bookingId;
  if (!consultantId || !bookingId) throw new PermanentDeliveryError('No booking or consultant');
  const calendar = await findConsultantCalendar(deps.db, consultantId);
  if (calendar?.kind !== 'caldav' || !calendar.url || !calendar.passwordSealed) {
    return { skipped: 'No CalDAV calendar is connected for this consultant' } satisfies Skipped;
  }
  let password: string;
  try {
    password = openCalendarPassword(deps.secrets, consultantId, calendar.passwordSealed);
  } catch {
    throw new PermanentDeliveryError(
      'The calendar password cannot be opened with this server key: connect the calendar again',
    );
  }
  const target = { url: calendar.url, username: calendar.username ?? '', password };
  const options = { resolve: deps.resolve };
  const href = eventHref(calendar.url, bookingId);
  const copy = await findEventCopy(deps.db, bookingId, consultantId);
  const entry = await findCalendarEntry(deps.db, bookingId);
  const wanted =
    entry?.booking.staffId === consultantId && entry.booking.status !== 'cancelled' ? entry : null;

  if (!wanted) {
    // cancelled, given to another consultant, or gone: out of their calendar
    await deleteEvent(target, copy?.href ?? href, options);
    if (copy) await deleteEventCopy(deps.db, bookingId, consultantId);
    return { provider, providerMessageId: href };
  }
  // a copy in a calendar connected before this one is another calendar's: write this one anew
  const known = copy?.href === href ? copy : null;
  const ics = consultantEventFile(wanted, {
    appUrl: deps.appUrl,
    concerns: await painPointNames(deps.db),
    now: deps.now(),
  });
  const etag = await write(target, href, ics, known ? conditionOf(known.etag) : 'create', options);
  await saveEventCopy(deps.db, {
    bookingId,
    consultantId,
    href,
    etag,
    sequence: sequenceOf(wanted),
  });
  return { provider, providerMessageId: href };
}

const conditionOf = (etag: string | null): PutCondition => (etag ? { etag } : 'overwrite');
const sequenceOf = (entry: CalendarEntryRow) => entry.booking.calendarSequence;

/**
 * PUT, and on 412 once more over the version that is there now: If-None-Match failing means an
 * earlier try wrote it (so this one replaces it rather than adding another), If-Match failing
 * means it changed since (the consultant moved it in their calendar) or was deleted there.
 */
async function write(
  target: CaldavTarget,
  href: string,
  ics: string,
  first: PutCondition,
  options: CaldavOptions,
): Promise<string | null> {
  let condition = first;
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await putEvent(target, href, ics, condition, options);
    if (outcome.status === 'written')
      return outcome.etag ?? (await eventEtag(target, href, options));
    const now = await eventEtag(target, href, options);
    condition = now === null ? 'create' : now === '' ? 'overwrite' : { etag: now };
  }
  throw new TransientDeliveryError('The calendar event changed while it was being written');
}
