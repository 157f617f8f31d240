import { eq } from 'drizzle-orm';
import { inTransaction } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { flagSessionExpired, insertReplacementSession } from '#server/db/session-writes.ts';
import { analyticsEvents, sessions, slotHolds } from '#server/db/schema/index.ts';
import type { ExpiredSessionRecord } from '#shared/session/session-expiry.ts';

export async function findLastActivity(db: Db, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastActivity: sessions.lastActivity })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.lastActivity ?? null;
}

export type ExpireOutcome =
  | { kind: 'created' | 'repeated'; releasedHolds: number; currentStep: string }
  | { kind: 'follows-other' };

/**
 * In one transaction: the replacement session goes in (built by expireSession from the previous
 * record), the previous one is flagged expired, its held slots are released and the notice is
 * kept as an analytics event. A repeat of the same notice changes nothing.
 */
export async function recordExpiry(
  db: Db,
  previousSessionId: string,
  build: (previous: typeof sessions.$inferSelect | null) => ExpiredSessionRecord,
  notice: { preservedData: string[]; now: Date },
): Promise<ExpireOutcome> {
  return inTransaction(db, async (tx) => {
    const [previous] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.id, previousSessionId))
      .for('update');
    const record = build(previous ?? null);
    if (!(await insertReplacementSession(tx, record))) {
      const [existing] = await tx
        .select({ previous: sessions.previousSessionId, step: sessions.currentStep })
        .from(sessions)
        .where(eq(sessions.id, record.id));
      if (existing?.previous !== previousSessionId) return { kind: 'follows-other' };
      return { kind: 'repeated', releasedHolds: 0, currentStep: existing.step };
    }
    if (previous) await flagSessionExpired(tx, previousSessionId, notice.now);
    const released = await tx
      .delete(slotHolds)
      .where(eq(slotHolds.sessionId, previousSessionId))
      .returning({ id: slotHolds.id });
    await tx.insert(analyticsEvents).values({
      sessionId: record.id,
      action: 'session_expired',
      page: null,
      data: {
        previousSessionId,
        newSessionId: record.id,
        preservedData: notice.preservedData,
        releasedHolds: released.length,
      },
      timestamp: notice.now,
    });
    return { kind: 'created', releasedHolds: released.length, currentStep: record.currentStep };
  });
}
