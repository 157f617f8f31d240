import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, instant, createdAt, updatedAt, type Json } from './columns';

// Staff accounts and sessions, and the outbox of outbound messages.
export const staffUsers = pgTable('staff_users', {
  id: id(),
  email: text('email').notNull().unique(),
  displayName: text('display_name'),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  disabled: boolean('disabled').notNull().default(false),
  lastLoginAt: instant('last_login_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_user_idx').on(t.staffUserId)],
);

// Transactional outbox: outbound messages are written with the change and sent by a worker.
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Json>().notNull(),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: instant('run_after').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.runAfter)],
);
