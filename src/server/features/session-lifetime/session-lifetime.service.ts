import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { expireSession, preservedFieldNames } from '#shared/session/session-expiry.ts';
import { sessionLimitMs, sessionStatus } from '#shared/session/session-lifetime.ts';
import { sessionLifetimeMessages } from '#shared/session/session.contract.ts';
import { touchSession } from '#server/db/session-writes.ts';
import * as repo from './session-lifetime.repository';

/** Spec §7: the status of a session from its last recorded activity (60 min, warning from 55). */
export async function readSessionStatus(db: Db, sessionId: string, now: Date) {
  return sessionStatus(await repo.findLastActivity(db, sessionId), now);
}

export async function recordActivity(db: Db, sessionId: string, now: Date) {
  const last = await touchSession(db, sessionId, now);
  return {
    sessionId,
    lastActivity: last.toISOString(),
    timeUntilExpiry: Math.max(0, sessionLimitMs - (now.getTime() - last.getTime())),
  };
}

/**
 * Spec §4 "On expiry", as the browser reports it: the browser's own timing decides (its clock
 * saw the idle hour; the poll tells it what the server saw), the server carries the record over.
 * An unknown previous session still gets its replacement, with nothing to carry.
 */
export async function recordSessionExpired(
  db: Db,
  input: { previousSessionId: string; newSessionId: string; preservedData: string[] },
  now: Date,
) {
  const outcome = await repo.recordExpiry(
    db,
    input.previousSessionId,
    (previous) =>
      expireSession(
        previous ?? {
          id: input.previousSessionId,
          customerId: null,
          customerData: null,
          formData: null,
          addressCoordinates: null,
          utmData: null,
          bookingData: null,
        },
        input.newSessionId,
        now,
      ),
    { preservedData: input.preservedData, now },
  );
  if (outcome.kind === 'follows-other') {
    throw HttpError.conflict(sessionLifetimeMessages.followsOther);
  }
  return {
    sessionId: input.newSessionId,
    previousSessionId: input.previousSessionId,
    currentStep: outcome.currentStep,
    sessionExpired: true,
    // what the server carried over: always the spec's list, whatever the browser named
    preservedData: [...preservedFieldNames],
    releasedHolds: outcome.releasedHolds,
  };
}
