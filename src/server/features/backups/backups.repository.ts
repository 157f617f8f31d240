import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { backupRuns } from '#server/db/schema/index.ts';

// The backup_runs table: owned by this feature alone (issue 31).

export type BackupRunRow = typeof backupRuns.$inferSelect;
export type BackupTrigger = BackupRunRow['trigger'];

/**
 * A new run, 'running'; null when one is running already (the partial unique index: one at a
 * time, whichever process asks).
 */
export async function claimRun(db: Db, trigger: BackupTrigger, now: Date): Promise<string | null> {
  try {
    const [row] = await db
      .insert(backupRuns)
      .values({ startedAt: now, outcome: 'running', trigger })
      .returning({ id: backupRuns.id });
    return row?.id ?? null;
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

export async function findRun(db: Db, id: string): Promise<BackupRunRow | undefined> {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id));
  return row;
}

export async function runningRun(db: Db): Promise<BackupRunRow | undefined> {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.outcome, 'running'));
  return row;
}

/**
 * A run left 'running' by a process that died during it, started before `before`, is failed:
 * otherwise it would block every later run.
 */
export async function failStaleRuns(db: Db, before: Date, now: Date, error: string) {
  await db
    .update(backupRuns)
    .set({ outcome: 'failed', finishedAt: now, error })
    .where(and(eq(backupRuns.outcome, 'running'), lt(backupRuns.startedAt, before)));
}

export async function recordSuccess(
  db: Db,
  id: string,
  result: { location: string; sizeBytes: number; finishedAt: Date },
) {
  await db
    .update(backupRuns)
    .set({ outcome: 'succeeded', ...result, error: null })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.outcome, 'running')));
}

/** Marks the run failed; answers whether it was (a run failed before by another path is not). */
export async function recordFailure(db: Db, id: string, error: string, finishedAt: Date) {
  const rows = await db
    .update(backupRuns)
    .set({ outcome: 'failed', error, finishedAt })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.outcome, 'running')))
    .returning({ id: backupRuns.id });
  return rows.length > 0;
}

/** The latest runs, newest first. */
export function latestRuns(db: Db, limit: number): Promise<BackupRunRow[]> {
  return db
    .select()
    .from(backupRuns)
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.createdAt))
    .limit(limit);
}

/**
 * The failed runs since the last success (newest first): the current failure streak. In the order
 * the runs were recorded (created_at, the database's clock), which two runs never share.
 */
export async function failureStreak(db: Db): Promise<BackupRunRow[]> {
  const [lastSuccess] = await db
    .select({ createdAt: backupRuns.createdAt })
    .from(backupRuns)
    .where(eq(backupRuns.outcome, 'succeeded'))
    .orderBy(desc(backupRuns.createdAt))
    .limit(1);
  return db
    .select()
    .from(backupRuns)
    .where(
      and(
        eq(backupRuns.outcome, 'failed'),
        lastSuccess ? sql`${backupRuns.createdAt} > ${lastSuccess.createdAt}` : undefined,
      ),
    )
    .orderBy(desc(backupRuns.createdAt));
}

export async function lastSuccessAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ finishedAt: backupRuns.finishedAt })
    .from(backupRuns)
    .where(eq(backupRuns.outcome, 'succeeded'))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row?.finishedAt ?? null;
}

export async function earliestRunAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: backupRuns.startedAt })
    .from(backupRuns)
    .orderBy(backupRuns.startedAt)
    .limit(1);
  return row?.startedAt ?? null;
}

/** Whether any run started at or after `instant`. */
export async function ranSince(db: Db, instant: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(sql`${backupRuns.startedAt} >= ${instant}`)
    .limit(1);
  return row !== undefined;
}

/**
 * The scheduled successes beyond the newest `keep` whose archives are still there: what the
 * rotation deletes. Only rows of this table, so only archives this app wrote.
 */
export function archivesBeyond(db: Db, keep: number): Promise<BackupRunRow[]> {
  return db
    .select()
    .from(backupRuns)
    .where(
      and(
        eq(backupRuns.trigger, 'schedule'),
        eq(backupRuns.outcome, 'succeeded'),
        isNotNull(backupRuns.location),
        isNull(backupRuns.removedAt),
      ),
    )
    .orderBy(desc(backupRuns.startedAt))
    .offset(keep);
}

export async function markRemoved(db: Db, id: string, now: Date) {
  await db.update(backupRuns).set({ removedAt: now }).where(eq(backupRuns.id, id));
}
