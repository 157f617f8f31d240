import { eq } from 'drizzle-orm';
import { customerIdOfSession, isLeadOfSession } from '#server/db/lead-of-session.ts';
import type { Db } from '#server/db/client.ts';
import { customers, leads, painPoints, pricing } from '#server/db/schema/index.ts';

/** The session's lead, its data and the coordinates of its customer's address (for travel). */
export async function findLeadForSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      id: leads.id,
      stage: leads.stage,
      data: leads.data,
      lat: customers.addressLat,
      lng: customers.addressLng,
    })
    .from(leads)
    // a returning customer's visit is priced from the address typed this time (ADR 043)
    .leftJoin(customers, eq(customers.id, customerIdOfSession(sessionId)))
    .where(isLeadOfSession(sessionId))
    .limit(1);
  return row ?? null;
}

export { updateLeadProgress } from '#server/db/lead-writes.ts';
export { mergeSessionBookingData } from '#server/db/session-writes.ts';

export async function findActivePainPoint(db: Db, id: string) {
  const [row] = await db.select().from(painPoints).where(eq(painPoints.id, id)).limit(1);
  return row?.active ? row : null;
}

export async function findPricePerSqmCents(db: Db, painPointId: string): Promise<number | null> {
  const [row] = await db
    .select({ cents: pricing.pricePerSqmCents, active: pricing.isActive })
    .from(pricing)
    .where(eq(pricing.painPointName, painPointId))
    .limit(1);
  return row?.active ? row.cents : null;
}

export { findPromoCodeByCode as findPromoCode } from '#server/db/promo-code-store.ts';
