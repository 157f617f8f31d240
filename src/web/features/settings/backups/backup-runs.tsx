import { Detail } from '#web/components/admin/list-entry.tsx';
import { formatWhen, type BackupRun } from '#web/components/staff/backup-status.ts';
import { formatMegabytes } from './backups-api';

const outcomes: Record<BackupRun['outcome'], string> = {
  running: 'Running…',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The recent runs, newest first: a list rather than a table, so a 320 px phone needs no scroll. */
export function BackupRuns({ runs, configured }: { runs: BackupRun[]; configured: boolean }) {
  if (runs.length === 0) {
    return (
      <p className="text-muted">
        {configured
          ? 'No backups yet. The first is made tonight at the time above, or now with "Back up now".'
          : 'No backups yet.'}
      </p>
    );
  }
  return (
    <ul aria-label="Recent backups" className="space-y-3">
      {runs.map((run) => (
        <li key={run.id} className="rounded-xl border border-line p-4">
          <h4 className="font-bold break-words">{formatWhen(run.startedAt)}</h4>
          <dl className="mt-1 space-y-1">
            <Detail term="Started">{run.trigger === 'schedule' ? 'Nightly' : 'By hand'}</Detail>
            <Detail term="Outcome">
              <span className={run.outcome === 'failed' ? 'font-semibold text-danger' : ''}>
                {outcomes[run.outcome]}
              </span>
            </Detail>
            {run.sizeBytes !== null && (
              <Detail term="Size">{formatMegabytes(run.sizeBytes)}</Detail>
            )}
            {run.error && <Detail term="Error">{run.error}</Detail>}
          </dl>
        </li>
      ))}
    </ul>
  );
}
