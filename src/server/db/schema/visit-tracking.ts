import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, instant, createdAt, type Json } from './columns';
import { customers, leads } from './customer-journey';

// What a visit did and where it came from: the journey's events, and each landing's attribution.

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

// One row per distinct landing of a browser session (POST /api/utm/capture). A customer's first
// and last touch are their earliest and latest rows. Click ids and the address are personal data:
// the minimisation job removes and truncates them after 90 days (APP 11).
export const utmCaptures = pgTable(
  'utm_captures',
  {
    id: id(),
    sessionId: uuid('session_id'),
    // the session's customer when known (on capture, or from link-lead): touches follow the person
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    // src/shared/attribution families: google_ads, meta_ads, other_utm, organic, social, referral, direct
    family: text('family'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    gbraidid: text('gbraidid'),
    wbraid: text('wbraid'),
    gadSource: text('gad_source'),
    gadCampaignId: text('gad_campaignid'),
    pageUrl: text('page_url'),
    referrer: text('referrer'),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    ga4SentAt: instant('ga4_sent_at'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    // SHA-256 of the landing's parameters (or referrer): the same landing again is not new
    fingerprint: text('fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    index('utm_captures_session_idx').on(t.sessionId),
    index('utm_captures_lead_idx').on(t.leadId),
    index('utm_captures_customer_idx').on(t.customerId, t.createdAt),
    index('utm_captures_created_idx').on(t.createdAt),
    // a campaign link's visits in a range (features/campaign-links): its three tags, then the time
    index('utm_captures_tags_idx').on(t.utmSource, t.utmMedium, t.utmCampaign, t.createdAt),
    uniqueIndex('utm_captures_session_fingerprint_idx').on(t.sessionId, t.fingerprint),
  ],
);
