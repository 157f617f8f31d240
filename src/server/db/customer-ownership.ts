import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { customers } from './schema';

/**
 * Whether the customer record was made by this browser session (ADR 012): the session id is the
 * record's bearer secret, so a session may link itself or its lead to its own record only, never
 * to an id learnt elsewhere. Records of no session (made before ADR 012) belong to nobody.
 */
export async function sessionOwnsCustomer(db: Db, sessionId: string, customerId: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.createdBySessionId, sessionId)));
  return row !== undefined;
}
