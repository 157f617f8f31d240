import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { bookingOptions, leads, painPoints, pricing, settings } from '#server/db/schema/index.ts';

export type PainPointRow = typeof painPoints.$inferSelect;
export type BookingOptionRow = typeof bookingOptions.$inferSelect;
export type PricingRowRecord = typeof pricing.$inferSelect;

// --- pain points

export function listPainPoints(db: Db): Promise<PainPointRow[]> {
  return db.select().from(painPoints).orderBy(asc(painPoints.sortOrder), asc(painPoints.name));
}

export async function findPainPoint(db: Db, id: string): Promise<PainPointRow | null> {
  const [row] = await db.select().from(painPoints).where(eq(painPoints.id, id)).limit(1);
  return row ?? null;
}

/** The new row, or null when the id is taken. New entries go last unless given an order. */
export async function insertPainPoint(
  db: Db,
  values: Omit<typeof painPoints.$inferInsert, 'sortOrder'> & { sortOrder?: number },
): Promise<PainPointRow | null> {
  try {
    const [last] = await db.select({ top: max(painPoints.sortOrder) }).from(painPoints);
    const sortOrder = values.sortOrder ?? (last?.top ?? 0) + 1;
    const [row] = await db
      .insert(painPoints)
      .values({ ...values, sortOrder })
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function updatePainPoint(
  db: Db,
  id: string,
  values: Partial<Pick<PainPointRow, 'name' | 'description' | 'active' | 'sortOrder'>>,
): Promise<PainPointRow | null> {
  const [row] = await db
    .update(painPoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(painPoints.id, id))
    .returning();
  return row ?? null;
}

export async function deletePainPoint(db: Db, id: string): Promise<void> {
  await db.delete(painPoints).where(eq(painPoints.id, id));
}

/** A lead's details or a pricing row still name this pain point. */
export async function isPainPointInUse(db: Db, id: string): Promise<boolean> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`${leads.data}->'details'->>'painPoint' = ${id}`)
    .limit(1);
  if (lead) return true;
  const [row] = await db
    .select({ id: pricing.id })
    .from(pricing)
    .where(eq(pricing.painPointName, id))
    .limit(1);
  return Boolean(row);
}

export async function countActivePainPoints(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(painPoints)
    .where(eq(painPoints.active, true));
  return row?.n ?? 0;
}

// --- booking options

export function listBookingOptions(db: Db): Promise<BookingOptionRow[]> {
  return db
    .select()
    .from(bookingOptions)
    .orderBy(asc(bookingOptions.sortOrder), asc(bookingOptions.label));
}

export async function findBookingOption(db: Db, id: string): Promise<BookingOptionRow | null> {
  const [row] = await db.select().from(bookingOptions).where(eq(bookingOptions.id, id)).limit(1);
  return row ?? null;
}

export async function insertBookingOption(
  db: Db,
  values: Omit<typeof bookingOptions.$inferInsert, 'sortOrder'> & { sortOrder?: number },
): Promise<BookingOptionRow | null> {
  try {
    const [last] = await db.select({ top: max(bookingOptions.sortOrder) }).from(bookingOptions);
    const sortOrder = values.sortOrder ?? (last?.top ?? 0) + 1;
    const [row] = await db
      .insert(bookingOptions)
      .values({ ...values, sortOrder })
      .returning();
    return row ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function updateBookingOption(
  db: Db,
  id: string,
  values: Partial<
    Pick<BookingOptionRow, 'label' | 'description' | 'durationMinutes' | 'active' | 'sortOrder'>
  >,
): Promise<BookingOptionRow | null> {
  const [row] = await db
    .update(bookingOptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bookingOptions.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBookingOption(db: Db, id: string): Promise<void> {
  await db.delete(bookingOptions).where(eq(bookingOptions.id, id));
}

/** A lead chose this booking option. */
export async function isBookingOptionInUse(db: Db, id: string): Promise<boolean> {
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(sql`${leads.data}->>'bookingOption' = ${id}`)
    .limit(1);
  return Boolean(lead);
}

export async function countActiveBookingOptions(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookingOptions)
    .where(eq(bookingOptions.active, true));
  return row?.n ?? 0;
}

// --- pricing

export function listPricingRows(db: Db): Promise<PricingRowRecord[]> {
  return db.select().from(pricing).orderBy(asc(pricing.painPointName));
}

export async function existingPainPointIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: painPoints.id })
    .from(painPoints)
    .where(inArray(painPoints.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

export interface PricingChange {
  rows: {
    painPointName: string;
    pricePerSqmCents: number;
    description?: string;
    isActive?: boolean;
  }[];
  /** settings key → value (pricing category) */
  settings: { key: string; value: unknown; description: string }[];
}

/** Upserts the pricing rows (by pain point) and the pricing settings, all or none. */
export async function savePricing(db: Db, change: PricingChange): Promise<void> {
  await db.transaction(async (tx) => {
    for (const row of change.rows) {
      await tx
        .insert(pricing)
        .values({ ...row, description: row.description ?? '' })
        .onConflictDoUpdate({
          target: pricing.painPointName,
          set: {
            pricePerSqmCents: row.pricePerSqmCents,
            ...(row.description !== undefined && { description: row.description }),
            ...(row.isActive !== undefined && { isActive: row.isActive }),
            updatedAt: sql`now()`,
          },
        });
    }
    for (const s of change.settings) {
      await tx
        .insert(settings)
        .values({ ...s, category: 'pricing' })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: s.value, category: 'pricing', updatedAt: sql`now()` },
        });
    }
  });
}
