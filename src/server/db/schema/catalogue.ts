import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, instant, createdAt, updatedAt } from './columns';

// What staff configure: promo codes, pain points, booking options, pricing, settings.
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
