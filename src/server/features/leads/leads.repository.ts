import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookingOptions } from '#server/db/schema/index.ts';

export { upsertLeadBySession, type LeadRow, type NewLead } from '#server/db/lead-writes.ts';
export { saveSessionFormData } from '#server/db/session-writes.ts';

export async function bookingOptionIsOffered(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ active: bookingOptions.active })
    .from(bookingOptions)
    .where(eq(bookingOptions.id, id))
    .limit(1);
  return rows[0]?.active === true;
}
