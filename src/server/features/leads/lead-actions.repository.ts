import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { leads } from '#server/db/schema/index.ts';

/** The lead's row locked until the transaction ends: two staff changes apply one after another. */
export async function lockLead(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: leads.id,
      customerId: leads.customerId,
      stage: leads.stage,
      status: leads.status,
    })
    .from(leads)
    .where(eq(leads.id, id))
    .for('update');
  return row ?? null;
}

export { updateLead } from '#server/db/lead-writes.ts';
