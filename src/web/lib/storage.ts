import { storagePrefix as prefix, type StorageKey } from './storage-keys';

// Browser storage under one prefix. Storage can be full, blocked or disabled (private modes):
// every call fails soft, because losing a draft must never break the booking. Keys are the ones
// of storage-keys.ts only.

export function readText(key: StorageKey): string | null {
  try {
    return localStorage.getItem(prefix + key);
  } catch {
    return null;
  }
}

export function writeText(key: StorageKey, value: string): void {
  try {
    localStorage.setItem(prefix + key, value);
  } catch {
    // full or blocked: nothing to do
  }
}

export function removeItem(key: StorageKey): void {
  try {
    localStorage.removeItem(prefix + key);
  } catch {
    // blocked: nothing to do
  }
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
