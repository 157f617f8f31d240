import type { QueryClient } from '@tanstack/react-query';
import { backupStatusQuery } from '#web/components/staff/backup-status.ts';
import { api } from '#web/lib/api-client.ts';

/**
 * "Back up now": the server answers 202 as soon as the run is recorded (it goes on in the
 * background), so the status is asked again at once and polled while the run goes on.
 */
export async function startBackup(queryClient: QueryClient): Promise<string> {
  const { run } = await api.post<{ run: { id: string } }>('/api/backups/run', {});
  await queryClient.invalidateQueries({ queryKey: backupStatusQuery.queryKey });
  return run.id;
}

/** "12.3 MB" (decimal megabytes, as disks and cloud storage count them). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  if (mb > 0 && mb < 0.1) return 'under 0.1 MB';
  return `${new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 }).format(mb)} MB`;
}

/** "02:30" → "2:30 am". */
export function formatClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}
