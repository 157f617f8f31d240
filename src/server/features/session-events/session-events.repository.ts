import { eq } from 'drizzle-orm';
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
