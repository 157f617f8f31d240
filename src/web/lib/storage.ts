// Browser storage under one prefix. Storage can be full, blocked or disabled (private modes):
// every call fails soft, because losing a draft must never break the booking.
const prefix = 'tintbook:';

export function readText(key: string): string | null {
  try {
    return localStorage.getItem(prefix + key);
  } catch {
    return null;
  }
}

export function writeText(key: string, value: string): void {
  try {
    localStorage.setItem(prefix + key, value);
  } catch {
    // full or blocked: nothing to do
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(prefix + key);
  } catch {
    // blocked: nothing to do
  }
}

export function readJson(key: string): unknown {
  const raw = readText(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeText(key, JSON.stringify(value));
}
