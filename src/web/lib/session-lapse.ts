import { sessionLimitMs } from '#shared/session/session-limit.ts';
import { readText, removeItem } from './storage';
import { storageKeys } from './storage-keys';

// First-screen code (main.tsx runs it before the first render). Spec §4 / issue 11: personal
// details stay in the browser for the session only. A visit that starts after the last activity
// of every tab is an hour old (a shared computer, the next person) must not paint the previous
// visitor's name and address, not even before the session timer's lazy chunk has loaded: the
// drafts go here, before anything reads them. The landing's UTM data and the session id stay;
// the lazy session timer then replaces the id and tells the server (expire-browser-session.ts).

const { contactDraft, detailsDraft, detailsSaved, uploadedFiles } = storageKeys;
/** The personal drafts a lapsed session takes with it. */
export const personalDraftKeys = [contactDraft, detailsDraft, detailsSaved, uploadedFiles];

/** True when the shared last activity is at least the session limit before `now`. */
export function sessionLapsed(now: number): boolean {
  const last = Number(readText(storageKeys.sessionActivity));
  return last > 0 && now - last >= sessionLimitMs;
}

export function dropLapsedDrafts(now: number): void {
  if (sessionLapsed(now)) for (const key of personalDraftKeys) removeItem(key);
}
