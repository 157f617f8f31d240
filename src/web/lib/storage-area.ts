// Issue 30: a browser may refuse its storage outright (cookies blocked, a frame on another site in
// some browsers): reading `localStorage` then throws. The booking must still complete, so what
// could not be kept there is kept in this page's memory instead, for as long as the page lives.
// Storage that is merely full fails soft as before. Outside a browser (unit tests without a
// stand-in) there is no storage at all, and nothing is kept.

let refused = false;

/** The browser refused this page its storage: what the flow keeps lives in memory only. */
export function storageRefused(): boolean {
  return refused;
}

export interface StorageArea {
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(name: string): void;
}

export function storageArea(area: () => Storage): StorageArea {
  const memory = new Map<string, string>();
  /** Runs `action` on the storage; false when the browser refused it (then memory stands in). */
  const attempt = (action: (storage: Storage) => void): boolean => {
    try {
      action(area());
      return true;
    } catch (error) {
      if (error instanceof ReferenceError) return true;
      if (error instanceof DOMException && error.name === 'QuotaExceededError') return true;
      refused = true;
      return false;
    }
  };
  return {
    get(name) {
      if (memory.has(name)) return memory.get(name) ?? null;
      let value: string | null = null;
      attempt((storage) => (value = storage.getItem(name)));
      return value;
    },
    set(name, value) {
      if (attempt((storage) => storage.setItem(name, value))) memory.delete(name);
      else memory.set(name, value);
    },
    remove(name) {
      memory.delete(name);
      attempt((storage) => storage.removeItem(name));
    },
  };
}
