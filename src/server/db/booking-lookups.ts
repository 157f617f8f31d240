import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { VisitPlace } from '#shared/booking/consultant.ts';
import type { BookingRow } from './booking-store';
import type { Db } from './client';
import { customerIdOfSession, isLeadOfSession } from './lead-of-session';
import { bookingManageLinks, bookings, customers, leads } from './schema';

// Lookups around bookings (issue 28): where an onsite visit would be, the booking a manage link
// names, and what the choice among free consultants weighs.

/**
 * Where an onsite visit of this session would be: its customer's address as the server resolved
 * it from the chosen suggestion (issue 28); null when the session has none.
 */
export async function visitOfSession(db: Db, sessionId: string): Promise<VisitPlace | null> {
  const [row] = await db
    .select({ lat: customers.addressLat, lng: customers.addressLng, postcode: customers.postcode })
    .from(leads)
    .innerJoin(customers, eq(customers.id, customerIdOfSession(sessionId)))
    .where(isLeadOfSession(sessionId))
    .limit(1);
  if (row?.lat == null || row.lng == null) return null;
  return { lat: row.lat, lng: row.lng, postcode: row.postcode };
}

/** The booking a manage link names: its own token, or one minted for a later message. */
export const namedByManageToken = (db: Db, hash: string) =>
  or(
    eq(bookings.manageTokenHash, hash),
    inArray(
      bookings.id,
      db
        .select({ id: bookingManageLinks.bookingId })
        .from(bookingManageLinks)
        .where(eq(bookingManageLinks.tokenHash, hash)),
    ),
  );

export async function bookingOfManageToken(db: Db, hash: string): Promise<BookingRow | null> {
  const [row] = await db.select().from(bookings).where(namedByManageToken(db, hash)).limit(1);
  return row ?? null;
}

/**
 * Where an onsite visit of this booking is, or would be: the place kept on the booking (an onsite
 * one), else its customer's address as the server resolved it (a phone call becoming a visit),
 * with the customer's postcode (a territory of postcodes decides by it); null without a place.
 */
export async function visitOfBooking(db: Db, bookingId: string): Promise<VisitPlace | null> {
  const [row] = await db
    .select({
      lat: sql<number | null>`coalesce(${bookings.visitLat}, ${customers.addressLat})`,
      lng: sql<number | null>`coalesce(${bookings.visitLng}, ${customers.addressLng})`,
      postcode: customers.postcode,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (row?.lat == null || row.lng == null) return null;
  return { lat: row.lat, lng: row.lng, postcode: row.postcode };
}

/**
 * What the choice among consultants free at a time weighs (rankConsultants): each one's live
 * bookings starting within `day`, and when they were last booked.
 */
export async function consultantLoads(db: Db, staffIds: string[], day: { start: Date; end: Date }) {
  const rows = await db
    .select({
      staffId: bookings.staffId,
      thatDay: sql<number>`count(*) filter (where ${bookings.startTime} >= ${day.start} and ${bookings.startTime} < ${day.end})::int`,
      last: sql<Date | null>`max(${bookings.createdAt})`.mapWith(bookings.createdAt),
    })
    .from(bookings)
    .where(and(inArray(bookings.staffId, staffIds), ne(bookings.status, 'cancelled')))
    .groupBy(bookings.staffId);
  return new Map(
    rows.map((r) => [
      r.staffId,
      { bookingsThatDay: r.thatDay, lastBookedAt: r.last?.getTime() ?? null },
    ]),
  );
}
