import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Territory, TimeOff, WeeklyHours } from '#shared/booking/consultant.ts';
import { createdAt, updatedAt } from './columns';
import { staffUsers } from './staff';

// The people who take consultations (issue 28, ADR 052). The id is text: the booking staff of the
// settings they replaced kept theirs, so `bookings.staff_id` and `slot_holds.staff_id` still name
// them. No foreign key from those: a consultant deleted once their future bookings were moved
// leaves their past ones as they were.
export const consultants = pgTable('consultants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email'),
  mobile: text('mobile'),
  /** The staff account they sign in with, if any. */
  staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  services: text('services')
    .array()
    .notNull()
    .default(sql`array['phone', 'onsite']`),
  /** Melbourne wall time ranges per weekday (consultant.ts weeklyHoursSchema). */
  weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
  timeOff: jsonb('time_off').$type<TimeOff>().notNull().default([]),
  /** Where their day starts and ends; all null: the business base (setting base_address). */
  basePlaceId: text('base_place_id'),
  baseAddress: text('base_address'),
  baseLat: doublePrecision('base_lat'),
  baseLng: doublePrecision('base_lng'),
  /** Onsite visits only within it (postcodes or a radius from the base); null: anywhere. */
  territory: jsonb('territory').$type<Territory>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
