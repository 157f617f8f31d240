import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The browser's localStorage as a map for the file's tests: empty before each test, the global
 * back as it was after it. The map itself, to prefill or read what the app keeps.
 */
export function withMemoryStorage(): Map<string, string> {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return store;
}
