import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { promoCodes } from './schema';

// Read by the estimate, the booking and the promo admin alike (features never import each other).
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** The code whatever its case (codes are unique case-insensitively: index on lower(code)). */
export async function findPromoCodeByCode(db: Db, code: string): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`)
    .limit(1);
  return row ?? null;
}
