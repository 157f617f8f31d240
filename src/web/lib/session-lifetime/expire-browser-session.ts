import { preservedFieldNames } from '#shared/session/session-expiry.ts';
import { request } from '#web/lib/api-client.ts';
import { getSessionId, replaceSessionId } from '#web/lib/session-id.ts';
import { removeSessionItem } from '#web/lib/session-store.ts';
import { readJson, removeItem, writeJson } from '#web/lib/storage.ts';
import { sessionStorageKeys, storageKeys } from '#web/lib/storage-keys.ts';

/**
 * Spec §4 "On expiry", in this browser: a new session id, flagged expired; the contact draft,
 * the Details draft, the saved details (moved to the new id) and the landing's UTM data stay;
 * the booking just made and the booking attempt go (the chosen slot lives only in the booking
 * page, which the reload empties; the server releases its hold). The server is told; a failure
 * is logged only (spec §8).
 */
export async function expireBrowserSession(now: number): Promise<string> {
  const previousSessionId = getSessionId();
  const newSessionId = replaceSessionId();
  const saved = readJson(storageKeys.detailsSaved);
  if (typeof saved === 'object' && saved !== null && 'sessionId' in saved) {
    writeJson(storageKeys.detailsSaved, { ...saved, sessionId: newSessionId });
  }
  removeItem(storageKeys.lastBooking);
  removeSessionItem(sessionStorageKeys.bookingAttempt);
  writeJson(storageKeys.sessionExpired, { previousSessionId, expiredAt: now });
  try {
    await request('/api/analytics/session/expired', {
      method: 'POST',
      body: { previousSessionId, newSessionId, preservedData: preservedFieldNames },
    });
  } catch (error) {
    console.warn('Could not report the expired session', error);
  }
  return newSessionId;
}
