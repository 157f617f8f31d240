import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, instant, createdAt, updatedAt, type Json } from './columns';

// Customers, their browser sessions, journeys, leads and what they did.
export const customers = pgTable(
  'customers',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // stored lowercase: customers type e-mails in any case. Not unique: a browser session changes
    // only the record it made, so one e-mail can have several records until staff merge them.
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    // The phone's digits ('61412345678' for +61412345678): staff search a number typed any way.
    phoneDigits: text('phone_digits').generatedAlwaysAs(
      (): ReturnType<typeof sql> => sql`regexp_replace(phone, '[^0-9]', '', 'g')`,
    ),
    address: text('address').notNull(),
    suburb: text('suburb'),
    postcode: text('postcode'),
    state: text('state'),
    placeId: text('place_id'),
    structuredAddress: jsonb('structured_address').$type<Json>(),
    addressLat: doublePrecision('address_lat'),
    addressLng: doublePrecision('address_lng'),
    // The browser session whose contact submission made the record: only it may change it (ADR 012).
    createdBySessionId: uuid('created_by_session_id').unique(),
    // Another record had this e-mail first: staff decide whether to merge the two (ADR 012).
    possibleDuplicateOf: uuid('possible_duplicate_of').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    // Set when the person was erased (APP 13): the row stays, anonymous, so counts stay true.
    erasedAt: instant('erased_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_email_idx').on(t.email),
    index('customers_possible_duplicate_idx').on(t.possibleDuplicateOf),
    // staff search: each word matches the start of a name, the e-mail, the suburb or the phone
    index('customers_email_prefix_idx').on(t.email.op('text_pattern_ops')),
    index('customers_phone_digits_idx').on(t.phoneDigits.op('text_pattern_ops')),
    // a returning customer's phone typed another way: matched on its last 9 digits (ADR 043)
    index('customers_phone_tail_idx').on(sql`right(${t.phoneDigits}, 9)`),
    index('customers_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('customers_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('customers_suburb_prefix_idx').on(sql`lower(${t.suburb}) text_pattern_ops`),
  ],
);

// The session id is made in the browser (crypto.randomUUID) so the flow works offline.
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    utmData: jsonb('utm_data').$type<Json>(),
    currentStep: text('current_step').notNull().default('contact'),
    // no default: the app's clock (db/session-writes.ts)
    lastActivity: instant('last_activity').notNull(),
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
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    // the dashboard's visitors: sessions started in a range
    index('sessions_created_idx').on(t.createdAt),
  ],
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
    lostReason: text('lost_reason'),
    data: jsonb('data').$type<Json>().notNull().default({}),
    // Speed to lead: when a staff member first acted on the lead (stage, status, note, booking).
    firstStaffActionAt: instant('first_staff_action_at'),
    // The start of the lead's latest live booking, kept by a trigger on bookings (migration 0006)
    // so every path that books, moves or cancels keeps it true; null without a live booking.
    appointmentAt: instant('appointment_at'),
    // Whether the lead has any booking at all, live or cancelled (same trigger).
    hasBooking: boolean('has_booking').notNull().default(false),
    // The latest later session that continued this lead (ADR 043): the list marks it "Came back".
    returnedAt: instant('returned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_customer_idx').on(t.customerId),
    index('leads_created_idx').on(t.createdAt),
    index('leads_status_idx').on(t.status, t.createdAt),
    // the list's keyset orders and filters (features/leads)
    index('leads_created_id_idx').on(t.createdAt, t.id),
    index('leads_stage_created_idx').on(t.stage, t.createdAt, t.id),
    index('leads_appointment_idx').on(t.appointmentAt, t.id),
    index('leads_untouched_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.firstStaffActionAt} is null`),
    index('leads_pain_point_idx').on(sql`(${t.data} -> 'details' ->> 'painPoint')`),
    index('leads_source_idx').on(sql`lower(coalesce(${t.utmSource}, ${t.source}))`),
    index('leads_medium_idx').on(sql`lower(coalesce(${t.utmMedium}, ${t.medium}))`),
    index('leads_campaign_idx').on(sql`lower(coalesce(${t.utmCampaign}, ${t.campaign}))`),
  ],
);

// A later browser session of the lead's customer that continued the lead instead of making a new
// one (ADR 043). `details` is what the visitor typed this time: shown to staff beside the stored
// customer, written over it only when staff accept it (anyone can type someone else's e-mail).
export const leadVisits = pgTable(
  'lead_visits',
  {
    id: id(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').notNull().unique(),
    // the visit's own customer record (ADR 012): what its browser session sent
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Json>().notNull(),
    // the visit's landing (UTM, referrer, landing page): the lead's last touch
    attribution: jsonb('attribution').$type<Json>(),
    acceptedAt: instant('accepted_at'),
    // the staff member's name as it was then
    acceptedBy: text('accepted_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('lead_visits_lead_idx').on(t.leadId, t.createdAt),
    index('lead_visits_customer_idx').on(t.customerId),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    sessionId: uuid('session_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // The lead's timeline: staff actions and booking changes name their lead.
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    // The staff member who acted (null for the customer and the system); the name shown is
    // kept in data.staffName as it was then.
    staffUserId: uuid('staff_user_id'),
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
    index('activities_lead_idx').on(t.leadId, t.timestamp),
    index('activities_customer_idx').on(t.customerId),
    // the dashboard's cancellations and reschedules in a range
    index('activities_action_timestamp_idx').on(t.action, t.timestamp),
  ],
);
