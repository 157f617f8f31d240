import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookingOptions, painPoints } from '#server/db/schema/index.ts';

export function listActivePainPoints(db: Db) {
  return db
    .select()
    .from(painPoints)
    .where(eq(painPoints.active, true))
    .orderBy(asc(painPoints.sortOrder), asc(painPoints.name));
}

export function listActiveBookingOptions(db: Db) {
  return db
    .select()
    .from(bookingOptions)
    .where(eq(bookingOptions.active, true))
    .orderBy(asc(bookingOptions.sortOrder), asc(bookingOptions.label));
}
