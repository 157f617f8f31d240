import { queryOptions } from '@tanstack/react-query';
import type { BackupStatus } from '#shared/backups/backups.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { formatLongDate, formatTime } from '#web/lib/melbourne-time.ts';
import { adminQueryKey } from '#web/lib/staff-session.ts';

// GET /api/backups/status (issue 31), read by the dashboard's notice and Settings → Backups.

export type { BackupRun, BackupState, BackupStatus } from '#shared/backups/backups.contract.ts';

/** Where the section lives: the notice links here. */
export const backupsSectionId = 'backups';

// a backup of a small business's data takes seconds to a few minutes: often enough to show it
// end soon after it does, without a request a second
const whileRunningMs = 2_000;
// the dashboard refreshes its figures every minute; the backup state keeps the same pace
const otherwiseMs = 60_000;

export const isRunning = (status: BackupStatus) =>
  status.state === 'running' || status.runs.some((run) => run.outcome === 'running');

// Under the admin key: signing in as someone else drops the cached answer (staff-api.ts).
export const backupStatusQuery = queryOptions({
  queryKey: [...adminQueryKey, 'backups', 'status'],
  queryFn: async ({ signal }) =>
    (await api.get<{ backups: BackupStatus }>('/api/backups/status', signal)).backups,
  refetchInterval: ({ state }) =>
    state.data && isRunning(state.data) ? whileRunningMs : otherwiseMs,
});

/** "Wednesday 25 November 2026, 2:30 am", in Melbourne. */
export const formatWhen = (iso: string) => `${formatLongDate(iso)}, ${formatTime(iso)}`;
