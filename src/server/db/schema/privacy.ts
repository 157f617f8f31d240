import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, type Json } from './columns';

// Privacy requests (APP 12 export, APP 13 erase): who did what, when, to which record. Never the
// erased data itself: counts only.
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    action: text('action').notNull(),
    /** The customer record asked about (kept: the row stays, anonymous). */
    customerId: uuid('customer_id'),
    staffUserId: uuid('staff_user_id'),
    staffName: text('staff_name'),
    counts: jsonb('counts').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_created_idx').on(t.createdAt)],
);
