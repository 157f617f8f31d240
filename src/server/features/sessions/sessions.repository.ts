import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { customers, sessions } from '#server/db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

interface SessionLink {
  sessionId: string;
  customerId: string;
  currentStep?: string | undefined;
  utmData?: Record<string, unknown> | undefined;
}

// The session record holds the customer as submitted (spec §3 customerData, addressCoordinates),
// read from the linked record in the same statement, so an expired session can carry it over.
const customerDataOf = (customerId: string) =>
  sql`(select jsonb_strip_nulls(jsonb_build_object(
    'firstName', ${customers.firstName}, 'lastName', ${customers.lastName},
    'email', ${customers.email}, 'phone', ${customers.phone}, 'address', ${customers.address},
    'suburb', ${customers.suburb}, 'postcode', ${customers.postcode}, 'state', ${customers.state},
    'placeId', ${customers.placeId}))
    from ${customers} where ${customers.id} = ${customerId})`;
const coordinatesOf = (customerId: string) =>
  sql`(select case when ${customers.addressLat} is not null and ${customers.addressLng} is not null
    then jsonb_build_object('lat', ${customers.addressLat}, 'lng', ${customers.addressLng}) end
    from ${customers} where ${customers.id} = ${customerId})`;

/**
 * Creates the session record when it is new, else links it and marks it active at `now` (the
 * app's clock, as every writer of last_activity: the session's lifetime is measured against it).
 */
export async function upsertSessionLink(db: Db, link: SessionLink, now: Date): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      id: link.sessionId,
      customerId: link.customerId,
      lastActivity: now,
      currentStep: link.currentStep ?? 'contact',
      utmData: link.utmData ?? null,
      customerData: customerDataOf(link.customerId),
      addressCoordinates: coordinatesOf(link.customerId),
    })
    .onConflictDoUpdate({
      target: sessions.id,
      set: {
        customerId: link.customerId,
        customerData: sql`excluded.customer_data`,
        addressCoordinates: sql`excluded.address_coordinates`,
        // greatest: a late, reordered request never moves the last activity backwards
        lastActivity: sql`greatest(${sessions.lastActivity}, excluded.last_activity)`,
        updatedAt: sql`now()`,
        ...(link.currentStep && { currentStep: link.currentStep }),
        // the first UTM data of a session is its attribution; later visits do not overwrite it
        utmData: sql`coalesce(${sessions.utmData}, excluded.utm_data)`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
