import { z } from 'zod';

// GET /api/backups/status and POST /api/backups/run (issue 31): the server's answers and the
// types the web reads them as.

export const backupStates = [
  'not-configured',
  'ok',
  'none-yet',
  'running',
  'failed',
  'missed',
] as const;

const backupRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(['running', 'succeeded', 'failed']),
  sizeBytes: z.number().nullable(),
  error: z.string().nullable(),
});

export const backupStatusSchema = z.object({
  configured: z.boolean(),
  /** "/path/to/dir" or "s3://bucket/prefix". */
  destination: z.string().nullable(),
  /** Melbourne wall-clock time of the nightly run. */
  time: z.string(),
  keep: z.number(),
  encrypted: z.boolean(),
  state: z.enum(backupStates),
  lastSuccessAt: z.string().nullable(),
  nextAt: z.string().nullable(),
  failuresInARow: z.number(),
  /** The latest 14, newest first. */
  runs: z.array(backupRunSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
export type BackupState = BackupStatus['state'];
export type BackupRun = BackupStatus['runs'][number];

export const backupStatusResponseSchema = z.object({ backups: backupStatusSchema });
export const backupRunResponseSchema = z.object({ run: z.object({ id: z.string() }) });
