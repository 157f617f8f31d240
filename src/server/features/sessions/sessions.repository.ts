import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

interface SessionLink {
  sessionId: string;
  customerId: string;
  currentStep?: string | undefined;
  utmData?: Record<string, unknown> | undefined;
}

/** Creates the session record when it is new, else links it and marks it active now. */
export async function upsertSessionLink(db: Db, link: SessionLink): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      id: link.sessionId,
      customerId: link.customerId,
      currentStep: link.currentStep ?? 'contact',
      utmData: link.utmData ?? null,
    })
    .onConflictDoUpdate({
      target: sessions.id,
      set: {
        customerId: link.customerId,
        lastActivity: sql`now()`,
        updatedAt: sql`now()`,
        ...(link.currentStep && { currentStep: link.currentStep }),
        // the first UTM data of a session is its attribution; later visits do not overwrite it
        utmData: sql`coalesce(${sessions.utmData}, excluded.utm_data)`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
