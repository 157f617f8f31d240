import { createStore, del, entries, set, type UseStore } from 'idb-keyval';

// Spec §8 for the Files step: a file the server could not take yet is kept in this browser, in
// IndexedDB (localStorage cannot hold files), so a reload or a closed tab does not lose it; it is
// sent when the Files step next opens with the server back. Storage may be blocked (private
// modes): every call fails soft, the file then only waits in memory.

export interface WaitingFile {
  key: string;
  sessionId: string;
  file: File;
}

let store: UseStore | undefined;
const waitingStore = () => (store ??= createStore('tintbook', 'waiting-files'));

export async function keepWaiting(waiting: WaitingFile): Promise<void> {
  try {
    await set(waiting.key, waiting, waitingStore());
  } catch (error) {
    console.warn('TintBook: could not keep the file in this browser', error);
  }
}

export async function forgetWaiting(key: string): Promise<void> {
  try {
    await del(key, waitingStore());
  } catch {
    // blocked: nothing was kept
  }
}

/** The files of this session that were still waiting when the page last closed. */
export async function loadWaiting(sessionId: string): Promise<WaitingFile[]> {
  try {
    const all = await entries<string, WaitingFile>(waitingStore());
    return all
      .map(([, waiting]) => waiting)
      .filter((waiting) => waiting.sessionId === sessionId && waiting.file instanceof Blob);
  } catch {
    return [];
  }
}
