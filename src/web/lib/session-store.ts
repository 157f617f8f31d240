import { storagePrefix as prefix, type SessionStorageKey } from './storage-keys';

// sessionStorage under the same prefix as storage.ts: for what belongs to this tab only (a
// booking attempt's idempotency key). Fails soft like storage.ts: blocked storage never breaks
// the booking, it only loses the retry protection.

export function readSessionJson(key: SessionStorageKey): unknown {
  try {
    const raw = sessionStorage.getItem(prefix + key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeSessionJson(key: SessionStorageKey, value: unknown): void {
  try {
    sessionStorage.setItem(prefix + key, JSON.stringify(value));
  } catch {
    // full or blocked: nothing to do
  }
}

export function removeSessionItem(key: SessionStorageKey): void {
  try {
    sessionStorage.removeItem(prefix + key);
  } catch {
    // blocked: nothing to do
  }
}
