import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingOptions, painPoints } from '../../db/schema';

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
