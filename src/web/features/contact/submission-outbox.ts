import { ApiRequestError, isServerUnreachable } from '#web/lib/api-client.ts';
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

export function flushOutbox(): Promise<void> {
  flushing ??= (async () => {
    try {
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
    } finally {
      flushing = null;
      if (readPending().length === 0) {
        stopOutbox();
        // the lead exists now: the later steps' saves that waited for it can follow. An event
        // lib/request-outbox.ts listens for, so that this chunk does not carry that module.
        window.dispatchEvent(new Event('tintbook:contact-sent'));
      }
    }
  })();
  return flushing;
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
