import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { consultantCalendars } from '#server/db/schema/index.ts';

// Writes of `consultant_calendars` for the feed and the connection (issue 29, ADR 053); the busy
// times and the sync's state are written by the busy-times sync. Readers:
// db/consultant-calendar-store.ts.

const t = consultantCalendars;

/** Makes or replaces the feed's token hash (the row is made on first use). */
export async function saveFeedToken(db: Db, consultantId: string, hash: string, now: Date) {
  await db
    .insert(t)
    .values({ consultantId, feedTokenHash: hash, feedCreatedAt: now })
    .onConflictDoUpdate({
      target: t.consultantId,
      set: { feedTokenHash: hash, feedCreatedAt: now, updatedAt: sql`now()` },
    });
}

export async function clearFeedToken(db: Db, consultantId: string) {
  await db
    .update(t)
    .set({ feedTokenHash: null, feedCreatedAt: null, updatedAt: sql`now()` })
    .where(eq(t.consultantId, consultantId));
}

export async function findByFeedHash(db: Db, hash: string) {
  const [row] = await db
    .select({ consultantId: t.consultantId })
    .from(t)
    .where(eq(t.feedTokenHash, hash));
  return row ?? null;
}

/** A new calendar: the last one's busy times and sync state no longer apply. */
const freshSync = { busy: [], lastSyncedAt: null, lastAttemptAt: null, lastError: null };

export interface Connection {
  kind: 'caldav' | 'ics';
  url: string;
  username: string | null;
  passwordSealed: string | null;
}

export async function saveConnection(db: Db, consultantId: string, connection: Connection) {
  const values = { ...connection, ...freshSync };
  await db
    .insert(t)
    .values({ consultantId, ...values })
    .onConflictDoUpdate({ target: t.consultantId, set: { ...values, updatedAt: sql`now()` } });
}

/** Disconnects: no busy times from it any more; the feed stays. */
export async function clearConnection(db: Db, consultantId: string) {
  await db
    .update(t)
    .set({
      kind: null,
      url: null,
      username: null,
      passwordSealed: null,
      ...freshSync,
      updatedAt: sql`now()`,
    })
    .where(eq(t.consultantId, consultantId));
}
