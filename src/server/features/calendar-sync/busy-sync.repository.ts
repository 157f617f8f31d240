import { and, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consultantCalendars, consultants, type BusyTime } from '#server/db/schema/index.ts';

// The busy-times sync's reads and writes of consultant_calendars (issue 29, ADR 053): the
// calendar to read, which are due, and the outcome of a sync. The connect and feed writes are the
// calendar feature's; a sync writes only busy, last_synced_at, last_attempt_at and last_error.

export interface CalendarToSync {
  kind: 'caldav' | 'ics';
  url: string;
  username: string | null;
  passwordSealed: string | null;
  busy: BusyTime[];
}

export async function calendarToSync(db: Db, consultantId: string): Promise<CalendarToSync | null> {
  const [row] = await db
    .select({
      kind: consultantCalendars.kind,
      url: consultantCalendars.url,
      username: consultantCalendars.username,
      passwordSealed: consultantCalendars.passwordSealed,
      busy: consultantCalendars.busy,
    })
    .from(consultantCalendars)
    .where(eq(consultantCalendars.consultantId, consultantId));
  if (!row?.url || (row.kind !== 'caldav' && row.kind !== 'ics')) return null;
  return { ...row, kind: row.kind, url: row.url };
}

/**
 * The active consultants whose connected calendar was last tried at or before `before` (never
 * tried: due at once), least recently tried first.
 */
export async function dueCalendars(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ consultantId: consultantCalendars.consultantId })
    .from(consultantCalendars)
    .innerJoin(consultants, eq(consultants.id, consultantCalendars.consultantId))
    .where(
      and(
        eq(consultants.active, true),
        isNotNull(consultantCalendars.kind),
        isNotNull(consultantCalendars.url),
        or(
          isNull(consultantCalendars.lastAttemptAt),
          lte(consultantCalendars.lastAttemptAt, before),
        ),
      ),
    )
    .orderBy(consultantCalendars.lastAttemptAt)
    .limit(limit);
  return rows.map((row) => row.consultantId);
}

/** The same calendar as was read: a reconnect during the read must not get the old one's times. */
const sameCalendar = (consultantId: string, read: Pick<CalendarToSync, 'kind' | 'url'>) =>
  and(
    eq(consultantCalendars.consultantId, consultantId),
    eq(consultantCalendars.kind, read.kind),
    eq(consultantCalendars.url, read.url),
  );

/**
 * A good sync: busy written only when it changed (`busy` undefined otherwise), so the trigger
 * that makes every process read the calendar again fires only then.
 */
export async function recordSyncSucceeded(
  db: Db,
  consultantId: string,
  read: Pick<CalendarToSync, 'kind' | 'url'>,
  busy: BusyTime[] | undefined,
  now: Date,
): Promise<void> {
  await db
    .update(consultantCalendars)
    .set({
      ...(busy && { busy }),
      lastSyncedAt: now,
      lastAttemptAt: now,
      lastError: null,
      updatedAt: now,
    })
    .where(sameCalendar(consultantId, read));
}

/** A failed sync: the last good busy times stay; when and why it failed are kept. */
export async function recordSyncFailed(
  db: Db,
  consultantId: string,
  read: Pick<CalendarToSync, 'kind' | 'url'>,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .update(consultantCalendars)
    .set({ lastAttemptAt: now, lastError: error, updatedAt: now })
    .where(sameCalendar(consultantId, read));
}
