import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/index.ts';

export async function findSession(db: Db, id: string) {
  const [row] = await db
    .select({ bookingCompleted: sessions.bookingCompleted, utmData: sessions.utmData })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The fresh session after a booking: UTM data only, step contact. Idempotent: a repeat (or a
 * session the browser already reported) keeps the link it has; the caller compares it.
 */
export async function upsertFollowUpSession(
  db: Db,
  session: {
    id: string;
    previousBookingSessionId: string;
    utmData: Record<string, unknown> | null;
    /** The app's clock, as every writer of last_activity. */
    lastActivity: Date;
  },
) {
  const [row] = await db
    .insert(sessions)
    .values({ ...session, currentStep: 'contact' })
    .onConflictDoUpdate({
      target: sessions.id,
      set: {
        previousBookingSessionId: sql`coalesce(${sessions.previousBookingSessionId}, excluded.previous_booking_session_id)`,
        utmData: sql`coalesce(${sessions.utmData}, excluded.utm_data)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      id: sessions.id,
      previousBookingSessionId: sessions.previousBookingSessionId,
      currentStep: sessions.currentStep,
    });
  if (!row) throw new Error('upsert returned no row');
  return row;
}
