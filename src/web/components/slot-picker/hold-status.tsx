import { useEffect, useState } from 'react';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import type { HeldSlot } from './use-hold';

function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The ticking countdown: a timer role, which screen readers do not read out every second. */
function Countdown({ expiresAt }: { expiresAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span role="timer" aria-live="off" className="font-bold tabular-nums">
      {clock(expiresAt - now)}
    </span>
  );
}

/** What is held and for how long. */
export function HoldStatus({ held, timeZone }: { held: HeldSlot; timeZone: string }) {
  return (
    <div className="rounded-xl border border-brand bg-brand-soft p-4">
      <p>
        We are holding <strong>{formatSlotRange(held.startTime, held.endTime, timeZone)}</strong>{' '}
        for you.
      </p>
      <p className="mt-1 text-sm">
        Held for <Countdown expiresAt={held.expiresAt} /> (10 minutes, renewed while this page is
        open).
      </p>
    </div>
  );
}
