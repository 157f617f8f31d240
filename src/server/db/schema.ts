import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// One schema for PGlite and PostgreSQL. Instants are timestamptz (UTC), money integer cents.
const id = () => uuid('id').primaryKey().defaultRandom();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();
type Json = Record<string, unknown>;

export const customers = pgTable('customers', {
  id: id(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  // stored lowercase: customers type e-mails in any case
  email: text('email').notNull().unique(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  suburb: text('suburb'),
  postcode: text('postcode'),
  state: text('state'),
  placeId: text('place_id'),
  structuredAddress: jsonb('structured_address').$type<Json>(),
  addressLat: doublePrecision('address_lat'),
  addressLng: doublePrecision('address_lng'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The session id is made in the browser (crypto.randomUUID) so the flow works offline.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    utmData: jsonb('utm_data').$type<Json>(),
    currentStep: text('current_step').notNull().default('contact'),
    lastActivity: instant('last_activity').notNull().defaultNow(),
    customerData: jsonb('customer_data').$type<Json>(),
    formData: jsonb('form_data').$type<Json>(),
    bookingData: jsonb('booking_data').$type<Json>(),
    addressCoordinates: jsonb('address_coordinates').$type<{ lat: number; lng: number }>(),
    sessionExpired: boolean('session_expired').notNull().default(false),
    sessionExpiredAt: instant('session_expired_at'),
    previousSessionId: uuid('previous_session_id'),
    bookingCompleted: boolean('booking_completed').notNull().default(false),
    bookingCompletedAt: instant('booking_completed_at'),
    previousBookingSessionId: uuid('previous_booking_session_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

export const journeys = pgTable(
  'journeys',
  {
    id: id(),
    sessionId: uuid('session_id').notNull(),
    utmData: jsonb('utm_data').$type<Json>(),
    referrer: text('referrer'),
    landingPage: text('landing_page'),
    startTime: instant('start_time').notNull().defaultNow(),
    lastActive: instant('last_active').notNull().defaultNow(),
    completed: boolean('completed').notNull().default(false),
    completedAt: instant('completed_at'),
    abandonedAt: instant('abandoned_at'),
  },
  (t) => [index('journeys_session_idx').on(t.sessionId)],
);

export const journeySteps = pgTable(
  'journey_steps',
  {
    id: id(),
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    timestamp: instant('timestamp').notNull().defaultNow(),
    data: jsonb('data').$type<Json>(),
  },
  (t) => [index('journey_steps_journey_idx').on(t.journeyId)],
);

// One lead per browser session: re-sending a contact submission updates it instead of duplicating.
export const leads = pgTable(
  'leads',
  {
    id: id(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id').unique(),
    source: text('source').notNull().default('website'),
    medium: text('medium'),
    campaign: text('campaign'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    referrer: text('referrer'),
    landingPage: text('landing_page'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    status: text('status').notNull().default('new'),
    stage: text('stage').notNull().default('contact'),
    data: jsonb('data').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_customer_idx').on(t.customerId),
    index('leads_created_idx').on(t.createdAt),
    index('leads_status_idx').on(t.status, t.createdAt),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    sessionId: uuid('session_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    page: text('page'),
    eventType: text('event_type'),
    eventData: jsonb('event_data').$type<Json>(),
    pageUrl: text('page_url'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    data: jsonb('data').$type<Json>(),
    timestamp: instant('timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('activities_session_idx').on(t.sessionId),
    index('activities_timestamp_idx').on(t.timestamp),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    sessionId: uuid('session_id'),
    action: text('action').notNull(),
    page: text('page'),
    data: jsonb('data').$type<Json>(),
    userAgent: text('user_agent'),
    timestamp: instant('timestamp').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_timestamp_idx').on(t.timestamp)],
);

export const utmCaptures = pgTable(
  'utm_captures',
  {
    id: id(),
    sessionId: uuid('session_id'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    gbraidid: text('gbraidid'),
    gadSource: text('gad_source'),
    gadCampaignId: text('gad_campaignid'),
    pageUrl: text('page_url'),
    referrer: text('referrer'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    ga4SentAt: instant('ga4_sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('utm_captures_session_idx').on(t.sessionId),
    index('utm_captures_lead_idx').on(t.leadId),
  ],
);

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Double booking is impossible: one live booking per staff member and start time.
    uniqueIndex('bookings_live_slot_uq')
      .on(t.staffId, t.startTime)
      .where(sql`${t.status} <> 'cancelled'`),
    index('bookings_start_idx').on(t.startTime),
    index('bookings_customer_idx').on(t.customerId),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('slot_holds_slot_uq').on(t.staffId, t.startTime),
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

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    description: text('description'),
    discountType: text('discount_type').notNull(),
    // percentage: whole percent (1-100); fixed: cents
    discountValue: integer('discount_value').notNull(),
    isSeasonal: boolean('is_seasonal').notNull().default(false),
    seasonName: text('season_name'),
    utmTrigger: text('utm_trigger'),
    bannerText: text('banner_text'),
    bannerColor: text('banner_color'),
    validFrom: instant('valid_from'),
    validTo: instant('valid_to'),
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // codes are unique whatever their case: SUMMER20 and summer20 are one code
    uniqueIndex('promo_codes_code_uq').on(sql`lower(${t.code})`),
    index('promo_codes_utm_trigger_idx').on(sql`lower(${t.utmTrigger})`),
  ],
);

// Pain points and booking options keep the spec's readable ids ('uv-privacy', 'estimate').
export const painPoints = pgTable('pain_points', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bookingOptions = pgTable('booking_options', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  description: text('description').notNull().default(''),
  durationMinutes: integer('duration_minutes').notNull().default(30),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pricing = pgTable('pricing', {
  id: id(),
  painPointName: text('pain_point_name').notNull().unique(),
  pricePerSqmCents: integer('price_per_sqm_cents').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const settings = pgTable(
  'settings',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').$type<unknown>().notNull(),
    category: text('category').notNull().default('general'),
    description: text('description').notNull().default(''),
    // secrets are write-only: never returned whole by the API
    isSecret: boolean('is_secret').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [index('settings_category_idx').on(t.category)],
);

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
