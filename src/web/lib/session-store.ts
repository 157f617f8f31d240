import { storageArea } from './storage-area';
import { storagePrefix as prefix, type SessionStorageKey } from './storage-keys';

// sessionStorage under the same prefix as storage.ts: for what belongs to this tab only (a
// booking attempt's idempotency key). Fails soft like storage.ts, with memory standing in for
// storage the browser refuses.

const session = storageArea(() => sessionStorage);

export function readSessionJson(key: SessionStorageKey): unknown {
  const raw = session.get(prefix + key);
  try {
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeSessionJson(key: SessionStorageKey, value: unknown): void {
  session.set(prefix + key, JSON.stringify(value));
}

export function removeSessionItem(key: SessionStorageKey): void {
  session.remove(prefix + key);
}
