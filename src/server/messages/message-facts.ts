import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookings, customers, leads, settings, smsOptOuts } from '#server/db/schema/index.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { businessConfirmedKey } from '#shared/settings/setup-checklist.ts';

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

export async function isOptedOut(db: Db, phone: string) {
  const [row] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return Boolean(row);
}

/** Plain (not secret) settings by key; absent keys are left out. */
export async function plainSettings(db: Db, keys: readonly string[]) {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function businessDetails(db: Db) {
  const values = await plainSettings(db, [
    'business_name',
    'contact_email',
    'contact_phone',
    businessConfirmedKey,
  ]);
  const { base_address: base, timezone } = await readSettings(db, ['base_address', 'timezone']);
  // the seeded placeholders are not facts: until an admin confirms the business details, messages
  // to customers name no business (neutral wording), as the help dialog does
  const confirmed = values.get(businessConfirmedKey) === true;
  const text = (key: string) => {
    const value = confirmed ? values.get(key) : undefined;
    return typeof value === 'string' ? value : '';
  };
  return {
    business: {
      name: text('business_name'),
      email: text('contact_email'),
      phone: text('contact_phone'),
      address: base?.address,
    },
    timeZone: timezone,
  };
}
