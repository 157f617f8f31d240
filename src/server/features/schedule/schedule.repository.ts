import { and, asc, eq, gte, lt, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, customers } from '#server/db/schema/index.ts';

/** The live bookings (and no-shows) starting in [start, end), with their customers, by time. */
export function bookingsBetween(db: Db, range: { start: Date; end: Date }, consultantId?: string) {
  return db
    .select({
      bookingId: bookings.id,
      leadId: bookings.leadId,
      staffId: bookings.staffId,
      startTime: bookings.startTime,
      endTime: bookings.endTime,
      serviceType: bookings.serviceType,
      status: bookings.status,
      notes: bookings.notes,
      visitLat: bookings.visitLat,
      visitLng: bookings.visitLng,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      address: customers.address,
      suburb: customers.suburb,
    })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      and(
        ne(bookings.status, 'cancelled'),
        gte(bookings.startTime, range.start),
        lt(bookings.startTime, range.end),
        consultantId ? eq(bookings.staffId, consultantId) : undefined,
      ),
    )
    .orderBy(asc(bookings.startTime));
}
