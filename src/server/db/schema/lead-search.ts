import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { leads } from './customer-journey';

// The /leads search box's index (ADR 032): one row per lead and search term — its customer's
// first and last name, e-mail and suburb lowercased (whole, and each word of a name or suburb),
// and the phone's digits, also reversed (its last digits found by prefix; each part of an e-mail
// too: migration 0016, ADR 042) — with the lead's stage and creation instant beside it, so a search and
// its counts per stage are read from one index without visiting the leads or customers. Kept by
// triggers on leads and customers (migration 0012), so no code path can forget it.
export const leadSearchTerms = pgTable(
  'lead_search_terms',
  {
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /**
     * 'word' (names, e-mail and its parts, suburb), 'phone' (digits) or 'phone_tail' (the digits
     * reversed): a word never matches a phone number.
     */
    kind: text('kind').notNull(),
    term: text('term').notNull(),
    stage: text('stage').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.kind, t.term] }),
    index('lead_search_terms_prefix_idx').on(
      t.kind,
      t.term.op('text_pattern_ops'),
      t.stage,
      t.createdAt,
      t.leadId,
    ),
  ],
);
