import { useSyncExternalStore } from 'react';
import { pendingRequests, subscribePending } from '#web/lib/request-outbox.ts';

const anyWaiting = () => pendingRequests().length > 0;

/** Spec §8, said calmly: what the server could not take yet is kept and sent when it is back. */
export function WaitingToSend() {
  const waiting = useSyncExternalStore(subscribePending, anyWaiting);
  if (!waiting) return null;
  return (
    <p role="status" className="mt-4 rounded-xl border border-line bg-brand-soft p-3 text-sm">
      We could not reach our server just now, so your details are saved on this device. They will be
      sent by themselves as soon as the connection is back; you can carry on.
    </p>
  );
}
