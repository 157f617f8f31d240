import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { copyText } from '#web/lib/copy-text.ts';
import { makeFeed, revokeFeed } from './consultant-calendar-api';

// The secret feed of a consultant's bookings (issue 29): made here, its address shown once (the
// server keeps only a hash) with a Copy button and how to subscribe to it.

type Asking = 'replace' | 'revoke' | null;

export function CalendarFeedPart({ consultant: c }: { consultant: Consultant }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [status, setStatus] = useState('');
  const make = useMutation({
    mutationFn: () => makeFeed(queryClient, c.id),
    onSuccess: (made) => {
      setUrl(made);
      setAsking(null);
      setStatus('Feed address made: copy it now, it is shown only this once.');
    },
  });
  const revoke = useMutation({
    mutationFn: () => revokeFeed(queryClient, c.id),
    onSuccess: () => {
      setUrl(null);
      setAsking(null);
      setStatus('Feed revoked: its address no longer works.');
    },
  });
  const failed = (asking === null && (make.error ?? revoke.error)?.message) || null;

  return (
    <div className="space-y-2">
      <h5 className="font-semibold">Their bookings in their own calendar</h5>
      <p className="text-sm text-muted">
        A private address their calendar app subscribes to: each booking of theirs shows there, and
        moves and cancellations follow. Anyone with the address sees these bookings, so send it only
        to {c.name}.
      </p>
      {url && <FeedAddress url={url} id={`feed-${c.id}`} onCopied={setStatus} />}
      <div className="flex flex-wrap items-center gap-3">
        {c.calendar.feed ? (
          <>
            <button type="button" className="btn-quiet" onClick={() => setAsking('replace')}>
              Make a new feed address
            </button>
            <button type="button" className="btn-quiet" onClick={() => setAsking('revoke')}>
              Revoke the feed
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn-quiet"
            aria-busy={make.isPending || undefined}
            disabled={make.isPending}
            onClick={() => make.mutate()}
          >
            Make a feed address
          </button>
        )}
        <p role="status" className="font-semibold text-brand">
          {status}
        </p>
      </div>
      {failed && (
        <p role="alert" className="field-error">
          {failed}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={asking === 'replace' ? 'Make a new feed address?' : 'Revoke the feed?'}
          confirmLabel={asking === 'replace' ? 'Make a new address' : 'Revoke'}
          cancelLabel="Keep the current one"
          busy={make.isPending || revoke.isPending}
          error={(asking === 'replace' ? make.error : revoke.error)?.message ?? null}
          onConfirm={() => (asking === 'replace' ? make.mutate() : revoke.mutate())}
          onClose={() => setAsking(null)}
        >
          <p>
            The address {c.name}&apos;s calendar subscribes to stops working at once, and their
            bookings disappear from it.
            {asking === 'replace' && ' They subscribe to the new address instead.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function FeedAddress({
  url,
  id,
  onCopied,
}: {
  url: string;
  id: string;
  onCopied: (status: string) => void;
}) {
  const copy = async () => onCopied(await copyText(url, id, 'Feed address'));
  return (
    <div className="space-y-2 rounded-lg border border-line p-3">
      <label htmlFor={id} className="field-label">
        Feed address (shown only now)
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={url}
          className="field-input min-w-0 flex-1 font-mono text-sm"
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn-primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        <li>
          <strong>Google Calendar</strong> (on a computer): Other calendars, +, From URL; paste the
          address and choose Add calendar.
        </li>
        <li>
          <strong>Apple Calendar</strong>: File, New Calendar Subscription (on an iPhone: Settings,
          Calendar, Accounts, Add Account, Other, Add Subscribed Calendar); paste the address.
        </li>
        <li>
          <strong>Outlook</strong>: Add calendar, Subscribe from web; paste the address and choose
          Import.
        </li>
      </ul>
    </div>
  );
}
