import { ApiRequestError, request } from './api-client';
import { isServerUnreachable } from './api-refusals';
import { contactStillSending } from './booking-flow';
import { readJson, writeJson } from './storage';
import { storageKeys } from './storage-keys';

// Spec §8: a step's save the server cannot take right now (no answer, 5xx) waits here, in
// localStorage so it survives a reload or a closed tab, and is sent when the server is back: on
// the next start, when the browser comes back online and every 30 s. The contact outbox
// (features/contact/submission-outbox.ts) goes first: the later saves need the lead it makes.

export interface PendingRequest {
  id: string;
  sessionId: string;
  method: 'PUT' | 'POST' | 'PATCH';
  path: string;
  body: unknown;
}

const key = storageKeys.pendingRequests;
const retryEveryMs = 30_000;
const listeners = new Set<() => void>();

const isPending = (value: unknown): value is PendingRequest => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, path, method } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof path === 'string' && typeof method === 'string';
};

export function pendingRequests(): PendingRequest[] {
  const stored = readJson(key);
  return Array.isArray(stored) ? stored.filter(isPending) : [];
}

function write(list: PendingRequest[]): void {
  writeJson(key, list);
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: whether anything of this session is still waiting. */
export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the latest save of each path: the newer one replaces what it would have overwritten. */
export function queueRequest(item: PendingRequest): void {
  const others = pendingRequests().filter(
    (other) => other.path !== item.path || other.method !== item.method,
  );
  write([...others, item]);
  startRequestOutbox({ sendNow: false });
}

let flushing: Promise<void> | null = null;

async function sendAll(): Promise<void> {
  // the contact details make the lead these saves belong to: they are sent first
  if (contactStillSending()) return;
  for (const item of pendingRequests()) {
    try {
      await request(item.path, { method: item.method, body: item.body });
    } catch (error) {
      if (isServerUnreachable(error)) return;
      if (error instanceof ApiRequestError && error.status === 429) return;
      // refused for good (a 4xx): sending it again cannot succeed; the step shows the person
      // what the server thinks when they next save it
      console.error('TintBook: a saved step was refused', error);
    }
    write(pendingRequests().filter((other) => other.id !== item.id));
  }
}

/** One run at a time; .finally runs after this assignment, even when nothing had to wait. */
export function flushRequests(): Promise<void> {
  flushing ??= sendAll().finally(() => {
    flushing = null;
    if (pendingRequests().length === 0) stopRequestOutbox();
  });
  return flushing;
}

let timer: ReturnType<typeof setInterval> | undefined;
const onOnline = () => void flushRequests();

export function startRequestOutbox({ sendNow = true }: { sendNow?: boolean } = {}): void {
  if (timer === undefined) {
    timer = setInterval(onOnline, retryEveryMs);
    window.addEventListener('online', onOnline);
  }
  if (sendNow) void flushRequests();
}

function stopRequestOutbox(): void {
  clearInterval(timer);
  timer = undefined;
  window.removeEventListener('online', onOnline);
}

// the contact outbox (features/contact/submission-outbox.ts) has sent what these saves wait for
window.addEventListener('tintbook:contact-sent', () => {
  if (pendingRequests().length > 0) void flushRequests();
});

// This module loads with the later steps (and their preload 2 s after any start): what an
// earlier visit left waiting is sent then, without any cost to the first screen.
if (pendingRequests().length > 0) startRequestOutbox();
