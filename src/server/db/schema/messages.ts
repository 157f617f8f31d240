import { sql } from 'drizzle-orm';
import type { MessageKind } from '#shared/admin/message-kinds.ts';
import type { MessageChannelName } from '#shared/admin/messages.contract.ts';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { id, instant, createdAt, updatedAt, type Json } from './columns';
import { leads } from './customer-journey';

// Outbound messages (e-mail, SMS, webhook, GA4, job tracker). Each message is one delivery row,
// written in the transaction of the change that causes it, beside its pg-boss job; the worker
// keeps the row's state, which staff see on the booking, the lead and in Settings → Messages.
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: id(),
    /** email | sms | webhook | ga4 | job_tracker */
    channel: text('channel').$type<MessageChannelName>().notNull(),
    /** What the message is (src/shared/admin/message-kinds.ts): booking_confirmed, reminder_24h, … */
    kind: text('kind').$type<MessageKind>().notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    /** Who it goes to, for staff: an e-mail address, a phone number or a host. */
    recipient: text('recipient').notNull(),
    /** What the message needs beyond the booking and lead rows (e.g. the start a reminder is for). */
    payload: jsonb('payload').$type<Json>().notNull().default({}),
    /** queued | sent | delivered | failed (retrying) | dead | skipped */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** 'log' when no provider is configured (local mode), else the provider's name. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    /** A message that may go once only (e.g. one webhook per browser session). */
    dedupeKey: text('dedupe_key').unique(),
    jobId: uuid('job_id'),
    sendAfter: instant('send_after').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('message_deliveries_booking_idx').on(t.bookingId),
    index('message_deliveries_lead_idx').on(t.leadId),
    index('message_deliveries_status_idx').on(t.status, t.createdAt),
    index('message_deliveries_created_idx').on(t.createdAt),
    index('message_deliveries_provider_id_idx').on(t.providerMessageId),
    // the first-run checklist asks whether a test e-mail ever went out
    index('message_deliveries_test_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'test'`),
  ],
);

/**
 * Manage links minted for messages (each e-mail carries its own): only the sha256 is kept, as
 * for the link given at booking, so a leaked table opens no booking.
 */
export const bookingManageLinks = pgTable(
  'booking_manage_links',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_manage_links_booking_idx').on(t.bookingId)],
);

/** Numbers that replied STOP: no further SMS goes to them until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: createdAt(),
});
