import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { customers } from '#server/db/schema/index.ts';

export {
  saveSessionCustomer,
  type CustomerDetails,
  type CustomerRow,
} from '#server/db/customer-writes.ts';

/** Records with this e-mail (stored lowercase), oldest first; erased people are not found. */
export function findCustomersByEmail(db: Db, email: string) {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.email, email.toLowerCase()), isNull(customers.erasedAt)))
    .orderBy(asc(customers.createdAt), asc(customers.id))
    .limit(50);
}
