import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { promoCodes } from '#server/db/schema/index.ts';

import type { PromoCodeRow } from '#server/db/promo-code-store.ts';

export type { PromoCodeRow };
export type PromoCodeWrite = Omit<
  typeof promoCodes.$inferInsert,
  'id' | 'usageCount' | 'createdAt' | 'updatedAt'
>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function listPromoCodes(db: Db): Promise<PromoCodeRow[]> {
  return db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
}

export async function findPromoCodeById(db: Db, id: string): Promise<PromoCodeRow | null> {
  // ids are UUIDs: anything else is simply not found (never a database error)
  if (!uuid.test(id)) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row ?? null;
}

export { findPromoCodeByCode } from '#server/db/promo-code-store.ts';

/** Active codes a UTM link triggers, newest first; the caller picks the first usable one. */
export function findPromoCodesByUtmTrigger(db: Db, trigger: string): Promise<PromoCodeRow[]> {
  return db
    .select()
    .from(promoCodes)
    .where(
      and(sql`lower(${promoCodes.utmTrigger}) = lower(${trigger})`, eq(promoCodes.isActive, true)),
    )
    .orderBy(desc(promoCodes.createdAt))
    .limit(20);
}

/** The new row, or null when the code is taken (whatever its case). */
export async function insertPromoCode(
  db: Db,
  values: PromoCodeWrite,
): Promise<PromoCodeRow | null> {
  try {
    const [row] = await db.insert(promoCodes).values(values).returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export type UpdateOutcome = { row: PromoCodeRow } | { notFound: true } | { codeTaken: true };

export async function updatePromoCode(
  db: Db,
  id: string,
  values: PromoCodeWrite,
): Promise<UpdateOutcome> {
  try {
    const [row] = await db
      .update(promoCodes)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(promoCodes.id, id))
      .returning();
    return row ? { row } : { notFound: true };
  } catch (err) {
    if (isUniqueViolation(err)) return { codeTaken: true };
    throw err;
  }
}

export async function deletePromoCode(db: Db, id: string): Promise<boolean> {
  if (!uuid.test(id)) return false;
  const rows = await db
    .delete(promoCodes)
    .where(eq(promoCodes.id, id))
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}
