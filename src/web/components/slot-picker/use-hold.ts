import { useCallback, useEffect, useRef, useState } from 'react';
import { errorCodes } from '#shared/api/error.ts';
import { ApiRequestError, NetworkError } from '#web/lib/api-client.ts';
import { hasErrorCode } from '#web/lib/api-refusals.ts';
import {
  createHold,
  readSessionHold,
  releaseHold,
  renewHold,
  type Hold,
  type ServiceType,
} from './booking-api';
import { holdExpiredMessage, unexpected } from './booking-messages';
import type { SlotTime } from './slot-days';

/** ADR 007: a hold keeps the slot 10 minutes; renewed every 4 while the page is open. */
export const holdMs = 10 * 60_000;
export const renewEveryMs = 4 * 60_000;

export interface HeldSlot {
  reservationId: string;
  startTime: string;
  endTime: string;
  /** Epoch ms on this device's clock (counted from the answer, so a wrong clock does no harm). */
  expiresAt: number;
  /** The expiry as the server last answered it (sent with the release of an unloading page). */
  serverExpiresAt: string;
}

const heldFrom = (hold: Hold): HeldSlot => ({
  reservationId: hold.reservationId,
  startTime: hold.startTime,
  endTime: hold.endTime,
  expiresAt: Date.now() + holdMs,
  serverExpiresAt: hold.expiresAt,
});

export interface HoldControl {
  held: HeldSlot | null;
  /** The start being held right now (its request is on the way). */
  pendingStart: string | null;
  /** Why the last pick or the hold failed; `problemKey` changes when a pick fails. */
  problem: string | null;
  problemKey: number;
  pick: (slot: SlotTime) => Promise<void>;
  /** The hold was spent (booked, rescheduled): forget it without releasing it. */
  consume: () => void;
  /** Let the slot go now. */
  release: () => void;
}

const sameStart = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && Date.parse(a) === Date.parse(b);

/**
 * The customer's hold on one slot: made on pick, renewed while the page is open, released when
 * they leave the page or it is replaced. Picking another slot replaces the hold on the server in
 * one step (ADR 007), so a pick that loses a race keeps the slot held before.
 * `onSlotsChanged` runs when the calendar is out of date (a slot was taken, a hold was lost).
 */
export function useHold(
  sessionId: string,
  serviceType: ServiceType,
  onSlotsChanged: () => void,
  manageToken?: string | undefined,
): HoldControl {
  const [held, setHeld] = useState<HeldSlot | null>(null);
  const [pendingStart, setPendingStart] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [problemKey, setProblemKey] = useState(0);
  const current = useRef<HeldSlot | null>(null);
  const busy = useRef(false);
  const changed = useRef(onSlotsChanged);
  // holds that are no longer ours to release: replaced, spent, lost or already released
  const finished = useRef(new Set<string>());

  useEffect(() => {
    current.current = held;
    changed.current = onSlotsChanged;
  });

  // a failed pick moves focus to the message (its button may be disabled now); a hold lost on
  // its own only announces it, so focus stays where the person is (typing notes, say)
  const fail = useCallback((message: string, takeFocus: boolean) => {
    setProblem(message);
    if (takeFocus) setProblemKey((key) => key + 1);
  }, []);

  const lose = useCallback(
    (reservationId: string, message: string) => {
      if (current.current?.reservationId !== reservationId) return;
      finished.current.add(reservationId);
      current.current = null;
      setHeld(null);
      fail(message, false);
      changed.current();
    },
    [fail],
  );

  const pick = useCallback(
    async (slot: SlotTime) => {
      if (busy.current || sameStart(current.current?.startTime, slot.startTime)) return;
      busy.current = true;
      setPendingStart(slot.startTime);
      setProblem(null);
      try {
        const hold = await createHold(sessionId, slot.startTime, serviceType, manageToken);
        // the server let the previous hold go when it made this one
        const previous = current.current;
        if (previous) finished.current.add(previous.reservationId);
        const next = heldFrom(hold);
        current.current = next;
        setHeld(next);
      } catch (error) {
        const known = error instanceof ApiRequestError || error instanceof NetworkError;
        fail(known ? error.message : unexpected, true);
        if (error instanceof ApiRequestError && error.status < 500) changed.current();
      } finally {
        busy.current = false;
        setPendingStart(null);
      }
    },
    [sessionId, serviceType, manageToken, fail],
  );

  const consume = useCallback(() => {
    const hold = current.current;
    if (hold) finished.current.add(hold.reservationId);
    current.current = null;
    setHeld(null);
  }, []);

  const release = useCallback(() => {
    const hold = current.current;
    if (!hold) return;
    finished.current.add(hold.reservationId);
    releaseHold(hold.reservationId, sessionId);
    current.current = null;
    setHeld(null);
  }, [sessionId]);

  const reservationId = held?.reservationId;
  const expiresAt = held?.expiresAt;

  // runs out on this device's clock too: a sleeping phone may have missed its renewals
  useEffect(() => {
    if (!reservationId || expiresAt === undefined) return;
    const timer = setTimeout(
      () => lose(reservationId, holdExpiredMessage),
      Math.max(0, expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [reservationId, expiresAt, lose]);

  useEffect(() => {
    if (!reservationId) return;
    const timer = setInterval(() => {
      renewHold(reservationId, sessionId).then(
        (renewed) =>
          setHeld((hold) =>
            hold?.reservationId === reservationId
              ? { ...hold, expiresAt: Date.now() + holdMs, serverExpiresAt: renewed.expiresAt }
              : hold,
          ),
        (error: unknown) => {
          // not ours any more, or expired; a network failure is tried again next time
          if (hasErrorCode(error, errorCodes.holdNotFound, errorCodes.holdExpired)) {
            lose(reservationId, error.message);
          }
        },
      );
    }, renewEveryMs);
    return () => clearInterval(timer);
  }, [reservationId, sessionId, lose]);

  // The page opens again (a reload, or back in this tab): the hold the server still keeps for this
  // session comes back with its time and countdown, renewed for another 10 minutes; one that ran
  // out meanwhile is said calmly, as when it runs out on the page (issue 15 item 2).
  useEffect(() => {
    let gone = false;
    const untouched = () => !gone && !current.current && !busy.current;
    void (async () => {
      try {
        const saved = await readSessionHold(sessionId);
        if (!untouched()) return;
        if (saved.expired) fail(holdExpiredMessage, false);
        if (!saved.hold) return;
        const renewed = await renewHold(saved.hold.reservationId, sessionId);
        if (!untouched()) {
          // left meanwhile (another route): let it go; replaced by a pick: the server did
          if (gone) releaseHold(renewed.reservationId, sessionId);
          return;
        }
        const next = heldFrom(renewed);
        current.current = next;
        setHeld(next);
      } catch (error) {
        // ran out between the two requests; anything else: the person picks a time as usual
        if (untouched() && hasErrorCode(error, errorCodes.holdNotFound, errorCodes.holdExpired)) {
          fail(holdExpiredMessage, false);
        }
      }
    })();
    return () => {
      gone = true;
    };
  }, [sessionId, fail]);

  // Released when this component unmounts (another route), and a little later when the page goes
  // (tab closed, another site, or a reload, which takes it back meanwhile). A page restored from
  // the back/forward cache finds its hold gone.
  const serverExpiresAt = held?.serverExpiresAt;
  const seenExpiry = useRef(serverExpiresAt);
  useEffect(() => {
    seenExpiry.current = serverExpiresAt;
  }, [serverExpiresAt]);
  useEffect(() => {
    if (!reservationId) return;
    const done = finished.current;
    const leave = (unloading?: boolean) => {
      if (done.has(reservationId)) return;
      done.add(reservationId);
      const expiresAt = seenExpiry.current;
      releaseHold(reservationId, sessionId, unloading && expiresAt ? { expiresAt } : undefined);
    };
    const unload = () => leave(true);
    const back = (event: PageTransitionEvent) => {
      if (event.persisted && current.current?.reservationId === reservationId) {
        current.current = null;
        setHeld(null);
        changed.current();
      }
    };
    window.addEventListener('pagehide', unload);
    window.addEventListener('pageshow', back);
    return () => {
      window.removeEventListener('pagehide', unload);
      window.removeEventListener('pageshow', back);
      leave();
    };
  }, [reservationId, sessionId]);

  return { held, pendingStart, problem, problemKey, pick, consume, release };
}
