import { storageArea } from './storage-area';
import { storagePrefix as prefix, type StorageKey } from './storage-keys';

// Browser storage under one prefix. Storage can be full, blocked or disabled (private modes):
// every call fails soft, because losing a draft must never break the booking, and storage the
// browser refuses is stood in for by memory (storage-area.ts). Keys are those of storage-keys.ts.

const local = storageArea(() => localStorage);

export function readText(key: StorageKey): string | null {
  return local.get(prefix + key);
}

export function writeText(key: StorageKey, value: string): void {
  local.set(prefix + key, value);
}

export function removeItem(key: StorageKey): void {
  local.remove(prefix + key);
}

export function readJson(key: StorageKey): unknown {
  const raw = readText(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, JSON.stringify(value));
}
