import { request } from './api-client';
import { contactStillSending } from './booking-flow';
import { createOutbox } from './outbox';
import { storageKeys } from './storage-keys';

// Spec §8: a step's save the server cannot take right now waits in this outbox (lib/outbox.ts).
// The contact outbox (features/contact/submission-outbox.ts) goes first: the later saves need
// the lead it makes.

export interface PendingRequest {
  id: string;
  sessionId: string;
  method: 'PUT' | 'POST' | 'PATCH';
  path: string;
  body: unknown;
}

const isPending = (value: unknown): value is PendingRequest => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, path, method } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof path === 'string' && typeof method === 'string';
};

const outbox = createOutbox<PendingRequest>({
  key: storageKeys.pendingRequests,
  keep: isPending,
  // the latest save of each path: the newer one replaces what it would have overwritten
  replaces: (older, newer) => older.path === newer.path && older.method === newer.method,
  send: (item) => request(item.path, { method: item.method, body: item.body }),
  // the step shows the person what the server thinks when they next save it
  refusal: 'TintBook: a saved step was refused',
  // the contact details make the lead these saves belong to: they are sent first
  ready: () => !contactStillSending(),
});

export const pendingRequests = outbox.pending;
/** For useSyncExternalStore: whether anything of this session is still waiting. */
export const subscribePending = outbox.subscribe;
export const queueRequest = outbox.queue;
export const flushRequests = outbox.flush;
export const startRequestOutbox = outbox.start;

// the contact outbox (features/contact/submission-outbox.ts) has sent what these saves wait for
window.addEventListener('tintbook:contact-sent', () => {
  if (pendingRequests().length > 0) void flushRequests();
});

// This module loads with the later steps (and their preload 2 s after any start): what an
// earlier visit left waiting is sent then, without any cost to the first screen.
if (pendingRequests().length > 0) startRequestOutbox();
