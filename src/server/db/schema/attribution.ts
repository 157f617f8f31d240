import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';
import { customers, leads } from './customer-journey';

// One row per distinct landing of a browser session (POST /api/utm/capture): the utm tags, the
// ad click ids, where it came from and its family (src/shared/attribution). A customer's first
// and last touch are their earliest and latest rows. Click ids and the address are personal
// data: the minimisation job removes and truncates them after 90 days (APP 11).
export const utmTracking = pgTable(
  'utm_tracking',
  {
    id: id(),
    sessionId: uuid('session_id').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    family: text('family').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    gbraid: text('gbraid'),
    wbraid: text('wbraid'),
    gadSource: text('gad_source'),
    gadCampaignId: text('gad_campaignid'),
    fbclid: text('fbclid'),
    pageUrl: text('page_url'),
    referrer: text('referrer'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    // SHA-256 of the landing's parameters and referrer: the same landing again is not new
    fingerprint: text('fingerprint').notNull(),
    capturedAt: instant('captured_at').notNull().defaultNow(),
    // set by the minimisation job once the click ids are gone and the address truncated
    minimisedAt: instant('minimised_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('utm_tracking_session_fingerprint_idx').on(t.sessionId, t.fingerprint),
    index('utm_tracking_customer_idx').on(t.customerId, t.capturedAt),
    index('utm_tracking_lead_idx').on(t.leadId),
    index('utm_tracking_captured_idx').on(t.capturedAt),
  ],
);
