import { eq, inArray } from 'drizzle-orm';
import type { CalendarSummary } from '#shared/admin/consultant-calendar.contract.ts';
import type { Db } from './client';
import { consultantCalendars } from './schema';

// Consultants' own calendars as the admin screens, the feed and the booking messages read them
// (issue 29, ADR 053). Writers: the calendar-sync feature's repositories.

export type ConsultantCalendarRow = typeof consultantCalendars.$inferSelect;

export async function findConsultantCalendar(
  db: Db,
  consultantId: string,
): Promise<ConsultantCalendarRow | null> {
  const [row] = await db
    .select()
    .from(consultantCalendars)
    .where(eq(consultantCalendars.consultantId, consultantId));
  return row ?? null;
}

/** The calendars of these consultants (all when `ids` is absent), by consultant id. */
export async function readConsultantCalendars(
  db: Db,
  ids?: string[],
): Promise<Map<string, ConsultantCalendarRow>> {
  if (ids?.length === 0) return new Map();
  const rows = await db
    .select()
    .from(consultantCalendars)
    .where(ids ? inArray(consultantCalendars.consultantId, ids) : undefined);
  return new Map(rows.map((row) => [row.consultantId, row]));
}

/** Whether bookings are written into this consultant's calendar (a CalDAV one is connected). */
export async function hasCaldavCalendar(db: Db, consultantId: string): Promise<boolean> {
  const row = await findConsultantCalendar(db, consultantId);
  return row?.kind === 'caldav';
}

/** A secret ICS address is a password in all but name: only its host is ever shown. */
export function calendarSummary(row: ConsultantCalendarRow | null | undefined): CalendarSummary {
  const kind = row?.kind === 'caldav' || row?.kind === 'ics' ? row.kind : null;
  const url = row?.url && kind === 'ics' ? hostOf(row.url) : (row?.url ?? null);
  return {
    kind,
    url: kind ? url : null,
    username: kind === 'caldav' ? (row?.username ?? null) : null,
    lastSyncedAt: kind ? (row?.lastSyncedAt?.toISOString() ?? null) : null,
    lastError: kind ? (row?.lastError ?? null) : null,
    feed: Boolean(row?.feedTokenHash),
  };
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : null);
