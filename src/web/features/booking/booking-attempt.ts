import { readSessionJson, removeSessionItem, writeSessionJson } from '#web/lib/session-store.ts';
import { newUuid } from '#web/lib/session-id.ts';
import { sessionStorageKeys } from '#web/lib/storage-keys.ts';

// One idempotency key per booking attempt, kept in this tab's sessionStorage: a retry after a
// network error (or a reload) sends the same key, so a booking the server made but whose answer
// was lost comes back instead of a second one. Forgotten once the server has answered.
const key = sessionStorageKeys.bookingAttempt;

export function attemptKey(sessionId: string): string {
  const stored = readSessionJson(key) as { sessionId?: unknown; key?: unknown } | null;
  if (stored?.sessionId === sessionId && typeof stored.key === 'string') return stored.key;
  const fresh = newUuid();
  writeSessionJson(key, { sessionId, key: fresh });
  return fresh;
}

export function endAttempt(): void {
  removeSessionItem(key);
}
