import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';

// Every backup run, scheduled or asked for (issue 31, ADR 056): what the owner sees in Settings and
// on the dashboard, the record the keep-N rotation deletes from (it never touches a file that is
// not here), and the failure streak the e-mail is about.
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: id(),
    startedAt: instant('started_at').notNull(),
    finishedAt: instant('finished_at'),
    /** running, succeeded or failed. */
    outcome: text('outcome').$type<'running' | 'succeeded' | 'failed'>().notNull(),
    /** schedule (the nightly job) or manual (Back up now). */
    trigger: text('trigger').$type<'schedule' | 'manual'>().notNull(),
    /** The archive: a file path, or s3://bucket/key. */
    location: text('location'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** A short sentence for the owner; never a stack. */
    error: text('error'),
    /** When the rotation deleted the archive (kept as history, no longer restorable). */
    removedAt: instant('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('backup_runs_started_idx').on(t.startedAt),
    // one run at a time, whichever process asks: a second claim fails on this index
    uniqueIndex('backup_runs_one_running_idx')
      .on(t.outcome)
      .where(sql`${t.outcome} = 'running'`),
    check('backup_runs_outcome_check', sql`${t.outcome} in ('running', 'succeeded', 'failed')`),
    check('backup_runs_trigger_check', sql`${t.trigger} in ('schedule', 'manual')`),
  ],
);
