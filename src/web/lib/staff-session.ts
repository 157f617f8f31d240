import { readText, removeItem, writeText } from './storage';
import { storageKeys } from './storage-keys';

// Whether a staff member is signed in on this browser is a hint, not a credential: the session
// cookie is HttpOnly, so the public pages cannot see it. Signing in sets the hint and signing out
// (or a 401 on an admin page) clears it; the header shows "Sign out" while it is set. The server
// decides every access on its own.
const key = storageKeys.staffSignedIn;
const listeners = new Set<() => void>();

/** The staff session's own query key (lib/staff-api.ts asks GET /api/staff/session under it). */
export const staffSessionKey = ['staff-session'] as const;
/** Every admin screen's query key starts with this, so signing in or out can drop them all. */
export const adminQueryKey = ['admin'] as const;

export function isStaffSignedIn(): boolean {
  return readText(key) === '1';
}

export function noteStaffSignedIn(signedIn: boolean): void {
  if (signedIn === isStaffSignedIn()) return;
  if (signedIn) writeText(key, '1');
  else removeItem(key);
  for (const listener of listeners) listener();
}

export function subscribeStaffPresence(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
