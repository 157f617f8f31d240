import { request } from './api-client';
import { forgetDetails } from './saved-details';
import { getSessionId, replaceSessionId } from './session-id';
import { removeItem } from './storage';
import { storageKeys } from './storage-keys';

export interface SessionChange {
  previousSessionId: string;
  newSessionId: string;
}

/**
 * Spec §4 "On booking completion": a fresh session keeping only the UTM data (the landing, kept
 * in its own key) with the step back at Contact. The drafts and saved steps of the finished
 * booking go, so the next visit starts an empty form.
 */
export function startFreshSession(): SessionChange {
  const previousSessionId = getSessionId();
  const { contactDraft, detailsDraft, promoCode, uploadedFiles } = storageKeys;
  for (const key of [contactDraft, detailsDraft, promoCode, uploadedFiles]) {
    removeItem(key);
  }
  forgetDetails();
  return { previousSessionId, newSessionId: replaceSessionId() };
}

/** Tells the server (spec §7); a failure is logged only (spec §8). */
export async function reportSessionCompleted(change: SessionChange): Promise<void> {
  try {
    await request('/api/analytics/session/completed', { method: 'POST', body: change });
  } catch (error) {
    console.warn('Could not report the completed booking session', error);
  }
}
