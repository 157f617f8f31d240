import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt, instant, updatedAt } from './columns';
import { consultants } from './consultants';

// Issue 29 (ADR 053): each consultant's own calendar, both ways. Bookings go out as a secret ICS
// feed and, over CalDAV, as events in their calendar; their busy times come back in.

/** A busy time of a consultant's own calendar (ISO instants), as the last good sync found it. */
export interface BusyTime {
  start: string;
  end: string;
}

export const consultantCalendars = pgTable('consultant_calendars', {
  consultantId: text('consultant_id')
    .primaryKey()
    .references(() => consultants.id, { onDelete: 'cascade' }),
  /** sha256 of the feed's secret token (GET /api/calendar/<token>.ics); null: no feed. */
  feedTokenHash: text('feed_token_hash').unique(),
  feedCreatedAt: instant('feed_created_at'),
  /** The calendar connected for busy times: 'caldav' (which also receives bookings) or 'ics'. */
  kind: text('kind'),
  url: text('url'),
  username: text('username'),
  /** The CalDAV app password, sealed like the other secrets (lib/secret-box.ts); never shown. */
  passwordSealed: text('password_sealed'),
  /** The last good busy times over the horizon: kept while a sync fails. */
  busy: jsonb('busy').$type<BusyTime[]>().notNull().default([]),
  lastSyncedAt: instant('last_synced_at'),
  lastAttemptAt: instant('last_attempt_at'),
  /** Why the last sync failed, in plain words; null after a good one. */
  lastError: text('last_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A booking as written into a consultant's CalDAV calendar: where, its ETag and SEQUENCE. */
export const calendarEventCopies = pgTable(
  'calendar_event_copies',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    consultantId: text('consultant_id').notNull(),
    href: text('href').notNull(),
    etag: text('etag'),
    sequence: integer('sequence').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.consultantId] })],
);
