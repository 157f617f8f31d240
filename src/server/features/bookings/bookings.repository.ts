import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BookingRow } from '#server/db/booking-store.ts';
import { customerIdOfSession, isLeadOfSession } from '#server/db/lead-of-session.ts';
import type { Db } from '#server/db/client.ts';
import { staffRecipientKeys } from '#server/messages/staff-recipient.ts';
import {
  bookings,
  customers,
  leads,
  promoCodes,
  settings,
  slotHolds,
} from '#server/db/schema/index.ts';

export async function findBookingById(db: Db, id: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  return row ?? null;
}

export async function findBookingByIdempotencyKey(db: Db, key: string) {
  const [row] = await db.select().from(bookings).where(eq(bookings.idempotencyKey, key)).limit(1);
  return row ?? null;
}

export { findPromoCodeByCode as findPromoCode } from '#server/db/promo-code-store.ts';

/** Counts one use of a promo code; false when its usage limit is reached. */
export async function countPromoUse(tx: Db, code: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ usageCount: sql`${promoCodes.usageCount} + 1`, updatedAt: sql`now()` })
    .where(
      sql`lower(${promoCodes.code}) = lower(${code}) and (${promoCodes.usageLimit} is null or ${promoCodes.usageCount} < ${promoCodes.usageLimit})`,
    )
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

/** The settings a booking's creation reads: its checks, its messages and GA4's readiness. */
export const bookingSettingKeys = [
  'onsite_glass_threshold',
  'onsite_restriction_enabled',
  'promo_codes_enabled',
  'timezone',
  ...staffRecipientKeys,
  'trak_enabled',
  'ga4_measurement_id',
  'ga4_api_secret',
  'ad_tracking_enabled',
] as const;

const earlier = alias(bookings, 'earlier');

/**
 * Everything a booking request is checked against, in one statement (no locks): the session's
 * lead and its customer, the session's hold named by the request (live or not; a hold's slot
 * never changes), the id of a booking already made with the idempotency key, and the settings of
 * bookingSettingKeys as stored. Null when the session has no lead.
 */
export async function readBookingRequest(
  db: Db,
  ids: { sessionId: string; reservationId: string; idempotencyKey: string },
) {
  const storedSettings = db
    .select({ values: sql`coalesce(json_object_agg(${settings.key}, ${settings.value}), '{}')` })
    .from(settings)
    .where(inArray(settings.key, [...bookingSettingKeys]));
  const [row] = await db
    .select({
      lead: {
        id: leads.id,
        customerId: customerIdOfSession(ids.sessionId),
        data: leads.data,
        utmSource: leads.utmSource,
        source: leads.source,
      },
      customer: { email: customers.email, phone: customers.phone },
      hold: {
        staffId: slotHolds.staffId,
        startTime: slotHolds.startTime,
        endTime: slotHolds.endTime,
        serviceType: slotHolds.serviceType,
      },
      earlierId: earlier.id,
      settings: sql<Record<string, unknown>>`(${storedSettings})`,
    })
    .from(leads)
    .leftJoin(customers, eq(customers.id, customerIdOfSession(ids.sessionId)))
    .leftJoin(
      slotHolds,
      and(eq(slotHolds.id, ids.reservationId), eq(slotHolds.sessionId, ids.sessionId)),
    )
    .leftJoin(earlier, eq(earlier.idempotencyKey, ids.idempotencyKey))
    .where(isLeadOfSession(ids.sessionId))
    .limit(1);
  return row ?? null;
}

export { bookHold } from '#server/db/booking-writes.ts';
