import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, calendarEventCopies, customers, leads } from '#server/db/schema/index.ts';

// Bookings as a consultant's own calendar shows them (issue 29, ADR 053), and the one writer of
// `calendar_event_copies`: where each booking was written into a CalDAV calendar, and its ETag.

const entryColumns = {
  booking: {
    id: bookings.id,
    leadId: bookings.leadId,
    staffId: bookings.staffId,
    serviceType: bookings.serviceType,
    startTime: bookings.startTime,
    endTime: bookings.endTime,
    status: bookings.status,
    notes: bookings.notes,
    calendarSequence: bookings.calendarSequence,
  },
  customer: {
    firstName: customers.firstName,
    lastName: customers.lastName,
    phone: customers.phone,
    address: customers.address,
    suburb: customers.suburb,
  },
  leadData: leads.data,
};

function entries(db: Db) {
  return db
    .select(entryColumns)
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(leads, eq(leads.id, bookings.leadId));
}

export type CalendarEntryRow = NonNullable<Awaited<ReturnType<typeof findCalendarEntry>>>;

export async function findCalendarEntry(db: Db, bookingId: string) {
  const [row] = await entries(db).where(eq(bookings.id, bookingId));
  return row ?? null;
}

/** The consultant's bookings (cancelled ones too) starting in [from, to), soonest first. */
export function calendarEntriesOf(db: Db, consultantId: string, from: Date, to: Date) {
  return entries(db)
    .where(
      and(
        eq(bookings.staffId, consultantId),
        gte(bookings.startTime, from),
        lt(bookings.startTime, to),
      ),
    )
    .orderBy(asc(bookings.startTime), asc(bookings.id));
}

export type EventCopy = typeof calendarEventCopies.$inferSelect;

export async function findEventCopy(db: Db, bookingId: string, consultantId: string) {
  const [row] = await db
    .select()
    .from(calendarEventCopies)
    .where(
      and(
        eq(calendarEventCopies.bookingId, bookingId),
        eq(calendarEventCopies.consultantId, consultantId),
      ),
    );
  return row ?? null;
}

export async function saveEventCopy(db: Db, copy: Omit<EventCopy, 'updatedAt'>) {
  await db
    .insert(calendarEventCopies)
    .values(copy)
    .onConflictDoUpdate({
      target: [calendarEventCopies.bookingId, calendarEventCopies.consultantId],
      set: { href: copy.href, etag: copy.etag, sequence: copy.sequence, updatedAt: sql`now()` },
    });
}

export async function deleteEventCopy(db: Db, bookingId: string, consultantId: string) {
  await db
    .delete(calendarEventCopies)
    .where(
      and(
        eq(calendarEventCopies.bookingId, bookingId),
        eq(calendarEventCopies.consultantId, consultantId),
      ),
    );
}
