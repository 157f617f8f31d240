import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { bookingOptions, leads, sessions } from '#server/db/schema/index.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & {
  sessionId: string;
};

/**
 * One lead per browser session. A re-sent submission (the browser retries until the server
 * accepts it) updates the lead: newest contact data wins, first attribution and stage are kept.
 */
export async function upsertLeadBySession(db: Db, lead: NewLead) {
  const [row] = await db
    .insert(leads)
    .values(lead)
    .onConflictDoUpdate({
      target: leads.sessionId,
      set: {
        customerId: lead.customerId,
        data: sql`${leads.data} || excluded.data`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return { row, created: row.createdAt.getTime() === row.updatedAt.getTime() };
}

/**
 * The session record's formData (spec §3): the contact form as last submitted, so an expired
 * session can carry it over. Creates the record when the session was never linked, active at
 * `now` (the app's clock, as every writer of last_activity).
 */
export async function saveSessionFormData(
  db: Db,
  sessionId: string,
  formData: Record<string, unknown>,
  now: Date,
) {
  await db
    .insert(sessions)
    .values({ id: sessionId, formData, lastActivity: now })
    .onConflictDoUpdate({
      target: sessions.id,
      set: { formData: sql`excluded.form_data`, updatedAt: sql`now()` },
    });
}

export async function bookingOptionIsOffered(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ active: bookingOptions.active })
    .from(bookingOptions)
    .where(eq(bookingOptions.id, id))
    .limit(1);
  return rows[0]?.active === true;
}
