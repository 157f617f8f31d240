import { bookingMessages } from '#shared/booking/booking.contract.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { linkFollowUpSession } from '#server/db/session-writes.ts';
import * as repo from './session-events.repository';

const m = bookingMessages;

/** Spec §4 "On booking completion": the browser's fresh session keeps only the UTM data. */
export async function recordBookingSessionCompleted(
  db: Db,
  ids: { previousSessionId: string; newSessionId: string },
  now: Date,
) {
  const previous = await repo.findSession(db, ids.previousSessionId);
  if (!previous) throw HttpError.notFound(m.sessionNotFound);
  if (!previous.bookingCompleted) throw HttpError.conflict(m.sessionNotBooked);
  const row = await linkFollowUpSession(
    db,
    {
      id: ids.newSessionId,
      previousBookingSessionId: ids.previousSessionId,
      utmData: previous.utmData ?? null,
    },
    now,
  );
  if (row.previousBookingSessionId !== ids.previousSessionId) {
    throw HttpError.conflict(m.sessionFollowsOther);
  }
  return {
    sessionId: row.id,
    previousBookingSessionId: ids.previousSessionId,
    currentStep: row.currentStep,
  };
}
