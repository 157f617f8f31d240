import { ApiRequestError, NetworkError } from '#web/lib/api-client.ts';
import { isServerUnreachable } from '#web/lib/api-refusals.ts';
import { readJson, writeJson } from '#web/lib/storage.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';
import { sendSubmission, type ContactSubmission } from './submit-contact';

// Spec §8: when the server cannot take a contact submission, the person still moves on. The
// submission waits here (localStorage, so it survives a closed tab) and is re-sent on the next
// start, when the browser comes back online and every 30 s, until the server accepts it.
const pendingKey = storageKeys.pendingSubmissions;
const retryEveryMs = 30_000;

function readPending(): ContactSubmission[] {
  const stored = readJson(pendingKey);
  return Array.isArray(stored) ? (stored as ContactSubmission[]) : [];
}

function writePending(list: ContactSubmission[]): void {
  writeJson(pendingKey, list);
}

/** Keeps the latest submission of a session (the lead is one per session anyway). */
export function queueSubmission(submission: ContactSubmission): void {
  const others = readPending().filter((item) => item.sessionId !== submission.sessionId);
  writePending([...others, submission]);
  startOutbox({ sendNow: false });
}

let flushing: Promise<void> | null = null;

async function sendAll(): Promise<void> {
  for (const submission of readPending()) {
    try {
      await sendSubmission(submission);
    } catch (error) {
      // the server is still away or busy: try again later, in the same order
      if (isServerUnreachable(error)) return;
      if (error instanceof ApiRequestError && error.status === 429) return;
      // refused for good (a 4xx): sending it again cannot succeed
      console.error('TintBook: a saved contact submission was refused', error);
    }
    // done with this one, unless a newer submission of the session replaced it meanwhile
    writePending(readPending().filter((item) => item.id !== submission.id));
  }
}

/**
 * One run at a time. The reset is chained with .finally, which runs after the assignment: an
 * async function's own finally runs before it when nothing waits (an empty queue, e.g. another
 * tab sent it), which left `flushing` set for good and this tab never sent again.
 */
export function flushOutbox(): Promise<void> {
  flushing ??= sendAll().finally(() => {
    flushing = null;
    if (readPending().length === 0) {
      stopOutbox();
      // the lead exists now: the later steps' saves that waited for it can follow. An event
      // lib/request-outbox.ts listens for, so that this chunk does not carry that module.
      window.dispatchEvent(new Event('tintbook:contact-sent'));
    }
  });
  return flushing;
}

const waitingFor = (sessionId: string) =>
  readPending().some((item) => item.sessionId === sessionId);

/**
 * The Contact submit. While an older submission of the session still waits, sending the new one
 * directly would let the outbox's retry overwrite it with the older details afterwards: the new
 * one takes the old one's place in the queue and goes through it, in order. Throws as
 * sendSubmission does (a NetworkError when it still waits).
 */
export async function sendInOrder(submission: ContactSubmission): Promise<void> {
  if (!waitingFor(submission.sessionId)) return sendSubmission(submission);
  queueSubmission(submission);
  await flushOutbox();
  // a run already under way went through its own list: this one may need the next
  if (waitingFor(submission.sessionId)) await flushOutbox();
  if (waitingFor(submission.sessionId)) throw new NetworkError('The server is still away');
}

let timer: ReturnType<typeof setInterval> | undefined;
const onOnline = () => void flushOutbox();

export function startOutbox({ sendNow = true }: { sendNow?: boolean } = {}): void {
  if (timer === undefined) {
    timer = setInterval(onOnline, retryEveryMs);
    window.addEventListener('online', onOnline);
  }
  if (sendNow) void flushOutbox();
}

function stopOutbox(): void {
  clearInterval(timer);
  timer = undefined;
  window.removeEventListener('online', onOnline);
}
