import { ApiRequestError } from './api-client';
import { isServerUnreachable } from './api-refusals';
import { readJson, writeJson } from './storage';
import type { StorageKey } from './storage-keys';

// Spec §8: what the server cannot take right now (no answer, 5xx, 429) waits in localStorage, so
// it survives a reload or a closed tab, and is sent when the server is back: on the next start,
// when the browser comes back online and every 30 s. The contact submissions and the later
// steps' saves each have one (features/contact/submission-outbox.ts, lib/request-outbox.ts).

const retryEveryMs = 30_000;

interface OutboxOptions<Item extends { id: string }> {
  key: StorageKey;
  /** What storage holds that is worth sending (storage holds whatever an older app left). */
  keep?: (value: unknown) => value is Item;
  /** The newer item takes the place of an older one it would overwrite anyway. */
  replaces: (older: Item, newer: Item) => boolean;
  send: (item: Item) => Promise<unknown>;
  /** Logged when the server refuses an item for good. */
  refusal: string;
  /** False while the items must wait for something else to be sent first. */
  ready?: () => boolean;
  /** Everything is sent. */
  onEmpty?: () => void;
}

export function createOutbox<Item extends { id: string }>(options: OutboxOptions<Item>) {
  const { key, keep = (_value: unknown): _value is Item => true, replaces, send } = options;
  const listeners = new Set<() => void>();

  function pending(): Item[] {
    const stored = readJson(key);
    return Array.isArray(stored) ? stored.filter(keep) : [];
  }

  function write(list: Item[]): void {
    writeJson(key, list);
    for (const listener of listeners) listener();
  }

  async function sendAll(): Promise<void> {
    if (options.ready?.() === false) return;
    for (const item of pending()) {
      try {
        await send(item);
      } catch (error) {
        // the server is still away or busy: try again later, in the same order
        if (isServerUnreachable(error)) return;
        if (error instanceof ApiRequestError && error.status === 429) return;
        // refused for good (a 4xx): sending it again cannot succeed
        console.error(options.refusal, error);
      }
      // done with this one, unless a newer one replaced it meanwhile
      write(pending().filter((other) => other.id !== item.id));
    }
  }

  let flushing: Promise<void> | null = null;

  /**
   * One run at a time. The reset is chained with .finally, which runs after the assignment: an
   * async function's own finally runs before it when nothing waits (an empty queue, e.g. another
   * tab sent it), which left `flushing` set for good and this tab never sent again.
   */
  function flush(): Promise<void> {
    flushing ??= sendAll().finally(() => {
      flushing = null;
      if (pending().length === 0) {
        stop();
        options.onEmpty?.();
      }
    });
    return flushing;
  }

  let timer: ReturnType<typeof setInterval> | undefined;
  const onOnline = () => void flush();

  function start({ sendNow = true }: { sendNow?: boolean } = {}): void {
    if (timer === undefined) {
      timer = setInterval(onOnline, retryEveryMs);
      window.addEventListener('online', onOnline);
    }
    if (sendNow) void flush();
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
    window.removeEventListener('online', onOnline);
  }

  return {
    pending,
    /** Waits for the next retry, replacing what it overwrites. */
    queue(item: Item): void {
      write([...pending().filter((older) => !replaces(older, item)), item]);
      start({ sendNow: false });
    },
    flush,
    start,
    /** For useSyncExternalStore: called whenever the list changes. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
