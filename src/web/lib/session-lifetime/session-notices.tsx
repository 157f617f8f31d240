import { useEffect, useRef, useSyncExternalStore } from 'react';
import { sessionExpiredText, sessionWarningText } from '#shared/session/session-lifetime.ts';
import { ModalDialog } from '#web/components/ui/modal-dialog.tsx';
import { paths } from '#web/paths.ts';
import { dismissWarning, stayActive } from './session-lifetime';
import { noticeState, subscribeNotice } from './session-store';

/** The warning toast and the expired dialog (spec §4, texts of §8). */
export function SessionNotices() {
  const state = useSyncExternalStore(subscribeNotice, noticeState);
  if (state.kind === 'warning') return <WarningToast minutesLeft={state.minutesLeft} />;
  if (state.kind === 'expired') return <ExpiredDialog />;
  return null;
}

/** Not modal: announced (role alert), focus on 'Stay Active' and back where it was after. */
function WarningToast({ minutesLeft }: { minutesLeft: number }) {
  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stay.current?.focus();
    return () => before?.focus();
  }, []);
  return (
    <div
      role="alert"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-md rounded-2xl border border-line bg-surface p-4 text-ink shadow-lg"
    >
      <p>{sessionWarningText(minutesLeft)}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button ref={stay} type="button" className="btn-primary" onClick={stayActive}>
          Stay Active
        </button>
        <button type="button" className="btn-quiet" onClick={dismissWarning}>
          Dismiss
        </button>
      </div>
    </div>
  );
}

/** Modal: the page behind is stale. Closing it any way (button, Escape) reloads at Contact. */
function ExpiredDialog() {
  return (
    <ModalDialog
      role="alertdialog"
      labelledBy="session-expired-title"
      describedBy="session-expired-body"
      onClose={() => window.location.assign(paths.contact)}
      className="max-w-md p-5 sm:p-6"
    >
      <h2 id="session-expired-title" className="text-xl font-bold">
        Session expired
      </h2>
      <div id="session-expired-body" className="mt-2 space-y-2">
        <p>{sessionExpiredText}</p>
        <p>
          Saved: contact information, glass measurements, job description and notes, service type
          and pricing.
        </p>
        <p>To reselect: booking date and time.</p>
      </div>
      <form method="dialog" className="mt-4">
        <button type="submit" className="btn-primary w-full sm:w-auto" autoFocus>
          Continue Booking
        </button>
      </form>
    </ModalDialog>
  );
}
