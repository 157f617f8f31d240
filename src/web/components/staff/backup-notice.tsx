import { useQuery } from '@tanstack/react-query';
import {
  backupStatusQuery,
  backupsSectionId,
  formatWhen,
  type BackupStatus,
} from './backup-status';

function lastGood(status: BackupStatus): string {
  return status.lastSuccessAt
    ? `The last good backup was made on ${formatWhen(status.lastSuccessAt)}.`
    : 'There is no good backup yet.';
}

/** What went wrong, in the owner's words; null while nothing needs doing. */
export function backupProblem(status: BackupStatus): { title: string; lines: string[] } | null {
  if (status.state === 'failed') {
    const error = status.runs.find((run) => run.outcome === 'failed')?.error;
    const inARow =
      status.failuresInARow >= 2 ? `${status.failuresInARow} backups in a row have failed.` : '';
    return {
      title: 'Backups need attention',
      lines: [
        error ? `The last backup failed: ${error}` : 'The last backup failed.',
        inARow,
        lastGood(status),
      ].filter(Boolean),
    };
  }
  if (status.state === 'missed') {
    return {
      title: 'Backups need attention',
      lines: [
        "Last night's backup did not run (the app may have been stopped at the time).",
        lastGood(status),
      ],
    };
  }
  return null;
}

/**
 * A failed or missed nightly backup, where staff work (/dashboard) and on /settings (issue 31):
 * until someone looks, a lost disk would take every record since the last good copy. Nothing
 * while the state loads, fails to load, or is fine; not in the static demo, which has no server.
 */
export function BackupNotice({ settingsLink = true }: { settingsLink?: boolean }) {
  const { data } = useQuery({ ...backupStatusQuery, enabled: import.meta.env.MODE !== 'demo' });
  const problem = data ? backupProblem(data) : null;
  if (!problem) return null;
  return (
    <div role="alert" className="rounded-xl border-2 border-danger bg-danger-soft p-4">
      <p className="font-bold">{problem.title}</p>
      {problem.lines.map((line) => (
        <p key={line} className="mt-1 break-words">
          {line}
        </p>
      ))}
      <p className="mt-1">
        {settingsLink ? 'An admin can see why and back up now in ' : 'See why and back up now in '}
        <a href={`/settings#${backupsSectionId}`} className="link">
          Settings → Backups
        </a>
        .
      </p>
    </div>
  );
}
