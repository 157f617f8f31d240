import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { bookingOptions, leads, painPoints, pricing, settings } from '#server/db/schema/index.ts';

export type PainPointRow = typeof painPoints.$inferSelect;
export type BookingOptionRow = typeof bookingOptions.$inferSelect;
export type PricingRowRecord = typeof pricing.$inferSelect;

type CatalogueTable = typeof painPoints | typeof bookingOptions;

/**
 * The rows of a catalogue list (pain points, booking options), read and written the same way:
 * listed by their order then `nameColumn`, new entries last unless given an order, and
 * `inUse` when something still names the entry.
 */
function catalogueRows<Table extends CatalogueTable>(
  table: Table,
  nameColumn: AnyPgColumn,
  inUse: (db: Db, id: string) => Promise<boolean>,
) {
  type Row = Table['$inferSelect'];
  type Insert = Omit<Table['$inferInsert'], 'sortOrder'> & { sortOrder?: number };
  // drizzle's builders do not resolve over a union of tables: typed once here, as the rows are
  const t = table as typeof painPoints;

  async function find(db: Db, id: string): Promise<Row | null> {
    const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
    return (row as Row | undefined) ?? null;
  }

  return {
    list: (db: Db): Promise<Row[]> =>
      db.select().from(t).orderBy(asc(t.sortOrder), asc(nameColumn)) as Promise<Row[]>,

    find,

    /** The new row, or null when the id is taken. */
    async insert(db: Db, values: Insert): Promise<Row | null> {
      try {
        const [last] = await db.select({ top: max(t.sortOrder) }).from(t);
        const sortOrder = values.sortOrder ?? (last?.top ?? 0) + 1;
        const [row] = await db
          .insert(t)
          .values({ ...(values as typeof painPoints.$inferInsert), sortOrder })
          .returning();
        return (row as Row | undefined) ?? null;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    async update(db: Db, id: string, values: Partial<Row>): Promise<Row | null> {
      const [row] = await db
        .update(t)
        .set({ ...(values as Partial<typeof painPoints.$inferInsert>), updatedAt: sql`now()` })
        .where(eq(t.id, id))
        .returning();
      return (row as Row | undefined) ?? null;
    },

    async remove(db: Db, id: string): Promise<void> {
      await db.delete(t).where(eq(t.id, id));
    },

    inUse,

    async countActive(db: Db): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(eq(t.active, true));
      return row?.n ?? 0;
    },
  };
}

/** A lead's details or a pricing row still name this pain point. */
export const painPointRows = catalogueRows(painPoints, painPoints.name, async (db, id) => {
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
});

/** A lead chose this booking option. */
export const bookingOptionRows = catalogueRows(
  bookingOptions,
  bookingOptions.label,
  async (db, id) => {
    const [lead] = await db
      .select({ id: leads.id })
      .from(leads)
      .where(sql`${leads.data}->>'bookingOption' = ${id}`)
      .limit(1);
    return Boolean(lead);
  },
);

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
