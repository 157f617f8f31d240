import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  bookingManageLinks,
  bookings,
  customers,
  leads,
  smsOptOuts,
  staffUsers,
} from '#server/db/schema/index.ts';
import { readSettings } from '#server/db/settings-store.ts';
import {
  businessDetailKeys,
  businessDetails as businessOf,
} from '#shared/settings/business-details.ts';

// What deciding and rendering a message needs from the database, read in one place.

export async function findBookingWithCustomer(db: Db, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, customer: customers })
    .from(bookings)
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(eq(bookings.id, bookingId));
  return row ?? null;
}

export async function findLeadWithCustomer(db: Db, leadId: string) {
  const [row] = await db
    .select({ lead: leads, customer: customers })
    .from(leads)
    .leftJoin(customers, eq(customers.id, leads.customerId))
    .where(eq(leads.id, leadId));
  return row ?? null;
}

/** The manage link an e-mail carries: only its sha256 is kept, as for the link given at booking. */
export async function saveManageLink(db: Db, bookingId: string, tokenHash: string) {
  await db.insert(bookingManageLinks).values({ bookingId, tokenHash });
}

/** A STOP reply: no more texts to this mobile (START lifts it). */
export async function recordOptOut(db: Db, phone: string) {
  await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
}

export async function liftOptOut(db: Db, phone: string) {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

export async function isOptedOut(db: Db, phone: string) {
  const [row] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return Boolean(row);
}

/**
 * The oldest admin account that is not disabled (the one `ADMIN_EMAIL` or `npm run staff` made
 * first): staff notices go there until the business details are confirmed (staff-recipient.ts).
 */
export async function firstAdminEmail(db: Db): Promise<string | undefined> {
  const [admin] = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, 'admin'), eq(staffUsers.disabled, false)))
    .orderBy(asc(staffUsers.createdAt), asc(staffUsers.id))
    .limit(1);
  return admin?.email;
}

/** The business as messages name it (no details until confirmed), and the messages' time zone. */
export async function businessDetails(db: Db) {
  const s = await readSettings(db, [...businessDetailKeys, 'base_address', 'timezone']);
  return {
    business: { ...businessOf(s), address: s.base_address?.address },
    timeZone: s.timezone,
  };
}
