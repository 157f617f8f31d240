import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, instant, createdAt, updatedAt } from './columns';
import { customers, leads } from './customer-journey';

// Bookings, slot holds and uploaded files.
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    staffId: text('staff_id').notNull(),
    serviceType: text('service_type').notNull(),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    status: text('status').notNull().default('confirmed'),
    notes: text('notes'),
    measurements: jsonb('measurements').$type<unknown[]>(),
    estimatedPriceCents: integer('estimated_price_cents'),
    promoCode: text('promo_code'),
    manageTokenHash: text('manage_token_hash').unique(),
    idempotencyKey: text('idempotency_key').unique(),
    trakJobId: text('trak_job_id'),
    // RFC 5545 SEQUENCE of the booking's calendar entry: one more at every move, so a calendar
    // that got the invitation takes the newest time.
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    // Set by migration 0003 on the later of two live bookings that already overlapped: the
    // constraint below leaves it out (nothing is cancelled by a migration); moving it clears it.
    legacyOverlap: boolean('legacy_overlap').notNull().default(false),
    // An onsite visit's place (the customer's address as the server resolved it): the consultant
    // drives there from their previous visit or base, and on to the next (issue 28, ADR 052).
    visitLat: doublePrecision('visit_lat'),
    visitLng: doublePrecision('visit_lng'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Double booking is impossible: the exclusion constraint bookings_no_overlap (migration 0003,
    // which drizzle cannot declare) refuses two live bookings of one staff member whose
    // [start, end) ranges overlap, whatever the slot grid was when each was made (ADR 013).
    index('bookings_start_idx').on(t.startTime),
    index('bookings_customer_idx').on(t.customerId),
    index('bookings_lead_idx').on(t.leadId, t.startTime),
    // the dashboard's bookings made per day
    index('bookings_created_idx').on(t.createdAt),
  ],
);

export const slotHolds = pgTable(
  'slot_holds',
  {
    id: id(),
    staffId: text('staff_id').notNull(),
    startTime: instant('start_time').notNull(),
    endTime: instant('end_time').notNull(),
    sessionId: uuid('session_id'),
    expiresAt: instant('expires_at').notNull(),
    // What the hold was made for (null: any), and an onsite one's place, which its booking keeps.
    serviceType: text('service_type'),
    visitLat: doublePrecision('visit_lat'),
    visitLng: doublePrecision('visit_lng'),
    createdAt: createdAt(),
  },
  (t) => [
    // slot_holds_no_overlap (migration 0003): no two holds of one staff member overlap, expired
    // or not, so a new hold first deletes the expired ones in its way (ADR 013).
    index('slot_holds_expires_idx').on(t.expiresAt),
  ],
);

export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: id(),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id'),
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull(),
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    uploadStatus: text('upload_status').notNull().default('pending'),
    s3Url: text('s3_url'),
    thumbnailName: text('thumbnail_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploaded_files_lead_idx').on(t.leadId),
    index('uploaded_files_session_idx').on(t.sessionId),
  ],
);
