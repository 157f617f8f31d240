import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Column helpers shared by every table: UUID ids, instants as timestamptz (UTC).
export const id = () => uuid('id').primaryKey().defaultRandom();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
export type Json = Record<string, unknown>;
