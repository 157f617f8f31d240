import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = Omit<CustomerRow, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Inserts the customer or, when the e-mail is known, replaces their details with the newest ones.
 * `created` tells the two apart: a fresh row has createdAt = updatedAt = the transaction's now().
 */
export async function upsertCustomerByEmail(db: Db, customer: NewCustomer) {
  const [row] = await db
    .insert(customers)
    .values(customer)
    .onConflictDoUpdate({
      target: customers.email,
      set: { ...customer, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return { row, created: row.createdAt.getTime() === row.updatedAt.getTime() };
}
