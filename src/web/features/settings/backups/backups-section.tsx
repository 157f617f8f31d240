import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Detail } from '#web/components/admin/list-entry.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useSectionInView } from '#web/components/admin/use-section-in-view.ts';
import {
  backupStatusQuery,
  backupsSectionId,
  formatWhen,
  isRunning,
  type BackupStatus,
} from '#web/components/staff/backup-status.ts';
import { formatTime } from '#web/lib/melbourne-time.ts';
import { BackupRuns } from './backup-runs';
import { formatClock, formatMegabytes, startBackup } from './backups-api';

const title = 'Backups';
const description =
  'A copy of every lead, booking, setting and uploaded photo, made every night while the app keeps taking bookings. Backups are set up in the server’s environment, not on this screen.';
// the demo's words (lib/demo/demo-settings.ts says the same to any call it gets)
const notInDemo =
  'Not in the demo: it keeps its data in this browser only, so there is nothing to back up. Backups work in the installed app only.';

/** Settings → Backups (issue 31): where, when and how the nightly backups go, and the last runs. */
export function BackupsSection() {
  // the static demo (ADR 026) has no server whose data could be backed up
  if (import.meta.env.MODE === 'demo') {
    return (
      <AdminSection id={backupsSectionId} title={title} description={description}>
        <p role="note" className="text-muted">
          {notInDemo}
        </p>
      </AdminSection>
    );
  }
  return <Backups />;
}

function Backups() {
  const status = useQuery(backupStatusQuery);
  // the dashboard's notice links here (/settings#backups)
  useSectionInView(backupsSectionId, status.isSuccess);
  return (
    <AdminSection id={backupsSectionId} title={title} description={description}>
      <QueryContent query={status}>
        {(backups) => (
          <>
            {backups.configured ? <Setup backups={backups} /> : <NotConfigured />}
            <BackUpNow backups={backups} />
            <div>
              <h3 className="mb-2 text-lg font-bold">Recent backups</h3>
              <BackupRuns runs={backups.runs} configured={backups.configured} />
            </div>
          </>
        )}
      </QueryContent>
    </AdminSection>
  );
}

function NotConfigured() {
  return (
    <div className="space-y-2">
      <p className="font-bold">Backups are off.</p>
      <p>
        Nothing copies this app&apos;s data anywhere yet: a failed disk would lose every lead,
        booking and photo. To turn nightly backups on, set <code>BACKUP_DIR</code> in the
        server&apos;s environment to a folder on another disk or a mounted network drive (or{' '}
        <code>BACKUP_S3_PREFIX</code> when files are stored in S3), then restart the app. The
        README&apos;s &quot;Backups&quot; section says how, and how to restore one.
      </p>
    </div>
  );
}

function Setup({ backups }: { backups: BackupStatus }) {
  return (
    <dl className="space-y-1">
      <Detail term="Where">
        <code className="break-all">{backups.destination}</code>
      </Detail>
      <Detail term="When">Every night at {formatClock(backups.time)}, Melbourne time</Detail>
      <Detail term="Kept">The last {backups.keep} backups; older ones are deleted</Detail>
      <Detail term="Encrypted">
        {backups.encrypted ? (
          'Yes'
        ) : (
          <>
            No. Backups hold your customers&apos; personal details (names, addresses, phone numbers,
            photos): set <code>BACKUP_ENCRYPTION_KEY</code> in the server&apos;s environment to
            encrypt them, and keep a copy of the key apart from the backups.
          </>
        )}
      </Detail>
      <Detail term="Last good backup">
        {backups.lastSuccessAt ? formatWhen(backups.lastSuccessAt) : 'None yet'}
      </Detail>
      <Detail term="Next backup">{backups.nextAt ? formatWhen(backups.nextAt) : '–'}</Detail>
    </dl>
  );
}

/** What the polite status line says about the run started here (or one already going). */
function progress(backups: BackupStatus, startedId: string | null, starting: boolean): string {
  if (starting) return 'Starting the backup…';
  const mine = startedId ? backups.runs.find((run) => run.id === startedId) : undefined;
  if (mine?.outcome === 'succeeded') {
    const size = mine.sizeBytes === null ? '' : `: ${formatMegabytes(mine.sizeBytes)}`;
    const at = mine.finishedAt ? ` at ${formatTime(mine.finishedAt)}` : '';
    return `Backup finished${at}${size}.`;
  }
  if (mine?.outcome === 'failed') return `The backup failed: ${mine.error ?? 'no reason given'}`;
  if (isRunning(backups)) return 'Backing up… the list below shows the backup when it is done.';
  return '';
}

function BackUpNow({ backups }: { backups: BackupStatus }) {
  const queryClient = useQueryClient();
  const [startedId, setStartedId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => startBackup(queryClient),
    onSuccess: setStartedId,
  });
  const running = isRunning(backups) || start.isPending;
  const reason = !backups.configured
    ? 'Backups are not set up on the server yet (see above).'
    : running
      ? 'A backup is running.'
      : '';
  const reasonId = 'backup-now-reason';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the
            page's top just as the backup starts */}
        <button
          type="button"
          className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          aria-disabled={reason ? true : undefined}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => {
            if (reason) return;
            setStartedId(null);
            start.mutate();
          }}
        >
          {running ? 'Backing up…' : 'Back up now'}
        </button>
        {reason && !running && (
          <p id={reasonId} className="text-sm text-muted">
            {reason}
          </p>
        )}
      </div>
      {/* always in the page, so screen readers hear each change of its text */}
      <p id={running ? reasonId : undefined} role="status" className="font-semibold">
        {progress(backups, startedId, start.isPending)}
      </p>
      {start.isError && (
        <p role="alert" className="text-danger">
          {start.error.message}
        </p>
      )}
    </div>
  );
}
