import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  activities,
  analyticsEvents,
  journeySteps,
  journeys,
  sessions,
} from '#server/db/schema/index.ts';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** One statement for the whole batch: the cheap write the browser's batching is for. */
export async function insertEvents(db: Db, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
}

/** The session's journey still going (neither completed nor abandoned), if any. */
export async function findOpenJourney(db: Db, sessionId: string) {
  const [row] = await db
    .select({ id: journeys.id })
    .from(journeys)
    .where(
      and(
        eq(journeys.sessionId, sessionId),
        eq(journeys.completed, false),
        isNull(journeys.abandonedAt),
      ),
    )
    .orderBy(desc(journeys.startTime))
    .limit(1);
  return row ?? null;
}

export async function startJourney(db: Db, journey: typeof journeys.$inferInsert) {
  const [row] = await db.insert(journeys).values(journey).returning({ id: journeys.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function addJourneyStep(
  db: Db,
  step: typeof journeySteps.$inferInsert & { timestamp: Date },
) {
  await db.insert(journeySteps).values(step);
  await db
    .update(journeys)
    .set({ lastActive: step.timestamp })
    .where(eq(journeys.id, step.journeyId));
}

export async function endJourney(
  db: Db,
  journeyId: string,
  end: { completedAt: Date } | { abandonedAt: Date },
) {
  await db
    .update(journeys)
    .set('completedAt' in end ? { completed: true, completedAt: end.completedAt } : end)
    .where(eq(journeys.id, journeyId));
}

export { setSessionStep } from '#server/db/session-writes.ts';

export async function findSessionUtm(db: Db, sessionId: string) {
  const [row] = await db
    .select({ utmData: sessions.utmData })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.utmData ?? null;
}

export async function insertActivity(db: Db, row: typeof activities.$inferInsert) {
  const [inserted] = await db
    .insert(activities)
    .values(row)
    .returning({ id: activities.id, timestamp: activities.timestamp });
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
}

/** The staff report of one range [start, end): counts by action and page, journeys, latest events. */
export async function readReport(db: Db, start: Date, end: Date) {
  const inRange = and(gte(analyticsEvents.timestamp, start), lt(analyticsEvents.timestamp, end));
  const byAction = await db
    .select({ action: analyticsEvents.action, count: count() })
    .from(analyticsEvents)
    .where(inRange)
    .groupBy(analyticsEvents.action)
    .orderBy(desc(count()), analyticsEvents.action);
  const byPage = await db
    .select({ page: analyticsEvents.page, count: count() })
    .from(analyticsEvents)
    .where(and(inRange, isNotNull(analyticsEvents.page)))
    .groupBy(analyticsEvents.page)
    .orderBy(desc(count()), analyticsEvents.page)
    .limit(100);
  const journeyRange = and(gte(journeys.startTime, start), lt(journeys.startTime, end));
  const [journeyCounts] = await db
    .select({
      started: count(),
      completed: sql<number>`count(*) filter (where ${journeys.completed})`.mapWith(Number),
      abandoned:
        sql<number>`count(*) filter (where ${journeys.abandonedAt} is not null and not ${journeys.completed})`.mapWith(
          Number,
        ),
    })
    .from(journeys)
    .where(journeyRange);
  const events = await db
    .select({
      sessionId: analyticsEvents.sessionId,
      action: analyticsEvents.action,
      page: analyticsEvents.page,
      data: analyticsEvents.data,
      timestamp: analyticsEvents.timestamp,
    })
    .from(analyticsEvents)
    .where(inRange)
    .orderBy(desc(analyticsEvents.timestamp))
    .limit(200);
  return { byAction, byPage, journeys: journeyCounts, events };
}
