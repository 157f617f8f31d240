import { NetworkError } from '#web/lib/api-client.ts';
import { createOutbox } from '#web/lib/outbox.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';
import { sendSubmission, type ContactSubmission } from './submit-contact';

// Spec §8: when the server cannot take a contact submission, the person still moves on. The
// submission waits in this outbox (lib/outbox.ts) until the server accepts it.
const outbox = createOutbox<ContactSubmission>({
  key: storageKeys.pendingSubmissions,
  // the latest submission of a session (the lead is one per session anyway)
  replaces: (older, newer) => older.sessionId === newer.sessionId,
  send: sendSubmission,
  refusal: 'TintBook: a saved contact submission was refused',
  // the lead exists now: the later steps' saves that waited for it can follow. An event
  // lib/request-outbox.ts listens for, so that this chunk does not carry that module.
  onEmpty: () => window.dispatchEvent(new Event('tintbook:contact-sent')),
});

export const queueSubmission = outbox.queue;
export const flushOutbox = outbox.flush;
export const startOutbox = outbox.start;

const waitingFor = (sessionId: string) =>
  outbox.pending().some((item) => item.sessionId === sessionId);

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
