import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CalendarSummary } from '#shared/admin/consultant-calendar.contract.ts';
import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { shortTime } from '#web/lib/message-labels.ts';
import { CalendarConnectForm } from './calendar-connect-form';
import { disconnectCalendar, refreshCalendar } from './consultant-calendar-api';

// The calendar a consultant's busy times come from (issue 29): which one, when it last synced and
// why the last try failed, in plain words; Refresh now, Change, Disconnect.

const kindLabels = { caldav: 'CalDAV calendar', ics: 'Private ICS address' } as const;

/** "Last synced Mon 23 Nov, 9:05 am." */
export function syncLine(calendar: CalendarSummary): string {
  if (calendar.lastSyncedAt) return `Last synced ${shortTime(calendar.lastSyncedAt)}.`;
  return calendar.lastError ? 'Not synced yet.' : 'Not synced yet: it syncs within a minute.';
}

export function CalendarConnectionPart({ consultant: c }: { consultant: Consultant }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState('');
  const refresh = useMutation({
    mutationFn: () => refreshCalendar(queryClient, c.id),
    onSuccess: (calendar) =>
      setStatus(calendar.lastError ? 'Refreshed, with an error (below).' : 'Refreshed.'),
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectCalendar(queryClient, c.id),
    onSuccess: () => {
      setAsking(false);
      setStatus('Calendar disconnected.');
    },
  });
  const calendar = c.calendar;
  const open = () => {
    setStatus('');
    setEditing(true);
  };

  return (
    <div className="space-y-2">
      <h5 className="font-semibold">Their busy times</h5>
      {calendar.kind ? (
        <>
          <p className="break-words">
            {kindLabels[calendar.kind]}: {calendar.url}
            {calendar.username && ` (user ${calendar.username})`}
          </p>
          <p>{syncLine(calendar)}</p>
          {calendar.lastError && (
            <p className="font-semibold text-danger">Last try failed: {calendar.lastError}</p>
          )}
        </>
      ) : (
        <p className="text-sm text-muted">
          No calendar connected: their own appointments do not block the times customers are
          offered.
        </p>
      )}
      {!editing && (
        <div className="flex flex-wrap items-center gap-3">
          {calendar.kind ? (
            <>
              <button
                type="button"
                className="btn-quiet"
                aria-busy={refresh.isPending || undefined}
                disabled={refresh.isPending}
                onClick={() => refresh.mutate()}
              >
                Refresh now
              </button>
              <button type="button" className="btn-quiet" onClick={open}>
                Change calendar
              </button>
              <button type="button" className="btn-quiet" onClick={() => setAsking(true)}>
                Disconnect
              </button>
            </>
          ) : (
            <button type="button" className="btn-quiet" onClick={open}>
              Connect a calendar
            </button>
          )}
          <p role="status" className="font-semibold text-brand">
            {status}
          </p>
        </div>
      )}
      {refresh.error && (
        <p role="alert" className="field-error">
          {refresh.error.message}
        </p>
      )}
      {editing && (
        <CalendarConnectForm
          consultant={c}
          onConnected={() => {
            setEditing(false);
            setStatus('Calendar connected.');
          }}
          onCancel={() => setEditing(false)}
        />
      )}
      {asking && (
        <ConfirmDialog
          title={`Disconnect ${c.name}'s calendar?`}
          confirmLabel="Disconnect"
          cancelLabel="Keep it"
          busy={disconnect.isPending}
          error={disconnect.error?.message ?? null}
          onConfirm={() => disconnect.mutate()}
          onClose={() => setAsking(false)}
        >
          <p>
            Its busy times stop blocking {c.name}&apos;s times, and new bookings are no longer
            written into it. Events already there stay.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
