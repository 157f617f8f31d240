import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { staffUsers } from './staff';

// Saved booking links with utm tags, printed as QR codes on vans, signs and flyers (issue 30).
// The promo code is its text, not a key: a code deleted later leaves the printed link as it was.
export const campaignLinks = pgTable(
  'campaign_links',
  {
    id: id(),
    name: text('name').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    promoCode: text('promo_code'),
    createdAt: createdAt(),
    createdBy: uuid('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  },
  (t) => [index('campaign_links_created_at_idx').on(t.createdAt)],
);
