import {
  precheckUpload,
  uploadErrorCodes,
  uploadLimits,
  uploadMessages,
  type UploadedFile,
} from '#shared/uploads/uploads.contract.ts';
import { customerSteps } from '#shared/analytics/customer-steps.ts';
import { ApiRequestError, NetworkError, request } from '#web/lib/api-client.ts';
import { recordCustomerStep } from '#web/lib/customer-steps.ts';
import { isServerUnreachable } from '#web/lib/api-refusals.ts';
import { getSessionId, newUuid } from '#web/lib/session-id.ts';
import { uploadWithProgress } from '#web/lib/upload-request.ts';
import { loadUploaded, saveUploaded } from './upload-list-storage';
import { forgetWaiting, keepWaiting, loadWaiting } from './waiting-files';

// The Files step's list lives here, outside React: uploads carry on while the person moves to
// another step and back. One file per request (the API's rule), two requests at a time.

/** Spec §3 "Uploaded file": the file itself stays in the browser until it is sent. */
export interface UploadItem {
  key: string;
  file: File | null;
  name: string;
  size: number;
  type: string;
  uploadStatus: UploadedFile['uploadStatus'];
  /** Per cent of the bytes sent, 0 to 100. */
  uploadProgress: number;
  error: string | null;
  /** Set once the server has taken it. */
  uploaded: UploadedFile | null;
  /** The server could not be reached: it is sent again when it can (spec §8), not before. */
  waitingForServer?: boolean;
  /** False when the file itself was refused (type, size, content): sending it again cannot help. */
  retryable?: boolean;
}

// refusals of the file itself, by the browser's check or the server's code
const fileRefusals = new Set<string>([
  uploadMessages.typeNotAllowed,
  uploadMessages.tooLarge,
  uploadErrorCodes.typeNotAllowed,
  uploadErrorCodes.tooLarge,
  uploadErrorCodes.unreadable,
  uploadErrorCodes.tooManyPixels,
]);

export interface UploadState {
  items: UploadItem[];
  /** Status changes for screen readers, newest last. */
  announcements: { id: number; text: string }[];
}

const parallelUploads = 2;
const unexpected = 'Something went wrong while uploading this file. Please try again.';

let sessionId: string | null = null;
let state: UploadState = { items: [], announcements: [] };
const running = new Map<string, () => void>();
const listeners = new Set<() => void>();
let announcementId = 0;

function ensureLoaded(): void {
  const current = getSessionId();
  if (sessionId === current) return;
  sessionId = current;
  const restored = loadUploaded(current).map((uploaded): UploadItem => ({
    key: uploaded.id,
    file: null,
    name: uploaded.name,
    size: uploaded.size,
    type: uploaded.type,
    uploadStatus: 'uploaded',
    uploadProgress: 100,
    error: null,
    uploaded,
  }));
  state = { items: restored, announcements: [] };
  void restoreWaiting(current);
}

/** A file in the list, not sent yet. */
const pendingItem = (key: string, file: File): UploadItem => ({
  key,
  file,
  name: file.name,
  size: file.size,
  type: file.type,
  uploadStatus: 'pending',
  uploadProgress: 0,
  error: null,
  uploaded: null,
});

/** Keys of the files kept in IndexedDB while they wait for the server. */
const kept = new Set<string>();

/** Files an earlier page kept while the server was away: back in the list, and tried again. */
async function restoreWaiting(session: string): Promise<void> {
  const waiting = await loadWaiting(session);
  if (sessionId !== session || waiting.length === 0) return;
  const known = new Set(state.items.map((item) => item.key));
  const back = waiting
    .filter(({ key }) => !known.has(key))
    .map(({ key, file }) => {
      kept.add(key);
      return pendingItem(key, file);
    });
  setState({ ...state, items: [...state.items, ...back] });
  pump();
}

/** Done with a file (uploaded, refused, removed): no longer kept for a later page. */
function release(key: string): void {
  if (kept.delete(key)) void forgetWaiting(key);
}

function setState(next: UploadState): void {
  state = next;
  for (const listener of listeners) listener();
}

function update(key: string, patch: Partial<UploadItem>, announce?: string): void {
  const items = state.items.map((item) => (item.key === key ? { ...item, ...patch } : item));
  const announcements = announce
    ? [...state.announcements, { id: ++announcementId, text: announce }].slice(-5)
    : state.announcements;
  setState({ items, announcements });
  if (patch.uploadStatus === 'uploaded' && sessionId) {
    saveUploaded(
      sessionId,
      items.flatMap((item) => (item.uploaded ? [item.uploaded] : [])),
    );
  }
}

export function subscribe(listener: () => void): () => void {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot(): UploadState {
  ensureLoaded();
  return state;
}

function messageOf(error: unknown): string {
  if (error instanceof ApiRequestError || error instanceof NetworkError) return error.message;
  console.error('TintBook: upload failed', error);
  return unexpected;
}

function start(item: UploadItem): void {
  if (!item.file || !sessionId) return;
  const { key, file, name } = item;
  const url = `/api/uploads?${new URLSearchParams({ sessionId })}`;
  const request = uploadWithProgress<{ file: UploadedFile }>(url, file, name, (fraction) => {
    const uploadProgress = Math.min(100, Math.round(fraction * 100));
    const current = state.items.find((i) => i.key === key);
    if (current && current.uploadProgress !== uploadProgress) update(key, { uploadProgress });
  });
  running.set(key, request.abort);
  update(key, { uploadStatus: 'uploading', uploadProgress: 0, error: null }, `Uploading ${name}`);
  request.done
    .then(
      ({ file: uploaded }) => {
        release(key);
        update(
          key,
          { uploadStatus: 'uploaded', uploadProgress: 100, uploaded },
          `${name} uploaded`,
        );
        // each file once: the lead's timeline counts them
        recordCustomerStep(customerSteps.fileUploaded, { count: 1 }, false);
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return; // removed
        if (isServerUnreachable(error)) {
          // spec §8: nothing is lost, the file waits in the list and goes when the server is back
          console.warn('TintBook: the upload will be tried again', error);
          update(
            key,
            { uploadStatus: 'pending', uploadProgress: 0, waitingForServer: true },
            `${name} will upload when the connection is back`,
          );
          if (sessionId && !kept.has(key)) {
            kept.add(key);
            void keepWaiting({ key, sessionId, file });
          }
          retryWhenBack();
          return;
        }
        release(key); // refused by the server: sending it again later cannot help
        const message = messageOf(error);
        const retryable = !(error instanceof ApiRequestError && fileRefusals.has(error.code));
        update(
          key,
          { uploadStatus: 'error', error: message, retryable },
          `${name} failed: ${message}`,
        );
      },
    )
    .finally(() => {
      running.delete(key);
      pump();
    });
}

/** Starts waiting uploads while fewer than two are under way. */
function pump(): void {
  for (const item of state.items) {
    if (running.size >= parallelUploads) return;
    if (item.uploadStatus === 'pending' && !item.waitingForServer && !running.has(item.key)) {
      start(item);
    }
  }
}

const retryEveryMs = 30_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Uploads that found no server try again in 30 s, or as soon as the browser is back online. */
function retryWhenBack(): void {
  if (retryTimer !== undefined) return;
  const again = () => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    window.removeEventListener('online', again);
    setState({
      ...state,
      items: state.items.map((item) =>
        item.waitingForServer ? { ...item, waitingForServer: false } : item,
      ),
    });
    pump();
  };
  retryTimer = setTimeout(again, retryEveryMs);
  window.addEventListener('online', again);
}

const taken = () => state.items.filter((item) => item.uploadStatus !== 'error').length;

/** The browser's own check first (type by name, size, count); the server decides in the end. */
function checked(item: UploadItem, alreadyTaken: number): UploadItem {
  const problem =
    precheckUpload(item) ??
    (alreadyTaken >= uploadLimits.maxFilesPerLead ? uploadMessages.tooMany : undefined);
  if (!problem) return item;
  return { ...item, uploadStatus: 'error', error: problem, retryable: !fileRefusals.has(problem) };
}

export function addFiles(files: File[]): void {
  ensureLoaded();
  let count = taken();
  const added = files.map((file) => {
    const item = checked(pendingItem(newUuid(), file), count);
    if (item.uploadStatus !== 'error') count += 1;
    return item;
  });
  const refused = added.filter((item) => item.error);
  const announcements = [
    ...state.announcements,
    ...refused.map((item) => ({
      id: ++announcementId,
      text: `${item.name} failed: ${item.error}`,
    })),
  ].slice(-5);
  setState({ items: [...state.items, ...added], announcements });
  pump();
}

export function retry(key: string): void {
  const item = state.items.find((i) => i.key === key);
  const waiting = item?.waitingForServer === true;
  if (!item || (item.uploadStatus !== 'error' && !waiting) || !item.file) return;
  const again = checked(
    { ...item, uploadStatus: 'pending', uploadProgress: 0, error: null, waitingForServer: false },
    taken(),
  );
  update(
    key,
    again,
    again.error ? `${item.name} failed: ${again.error}` : `${item.name} waiting to upload`,
  );
  pump();
}

function dropItem(key: string, name: string): void {
  release(key);
  const items = state.items.filter((i) => i.key !== key);
  setState({
    items,
    announcements: [
      ...state.announcements,
      { id: ++announcementId, text: `${name} removed` },
    ].slice(-5),
  });
  if (sessionId)
    saveUploaded(
      sessionId,
      items.flatMap((i) => (i.uploaded ? [i.uploaded] : [])),
    );
}

/** Cancels a waiting or running upload; an uploaded file is deleted on the server first. */
export function remove(key: string): void {
  const item = state.items.find((i) => i.key === key);
  if (!item) return;
  if (item.uploadStatus !== 'uploaded' || !item.uploaded) {
    running.get(key)?.();
    running.delete(key);
    dropItem(key, item.name);
    pump();
    return;
  }
  const url = `/api/uploads/${item.uploaded.id}?sessionId=${encodeURIComponent(sessionId ?? '')}`;
  request(url, { method: 'DELETE' }).then(
    () => dropItem(key, item.name),
    (error: unknown) => {
      // already gone on the server: nothing left to remove
      if (error instanceof ApiRequestError && error.status === 404) return dropItem(key, item.name);
      const message = 'We could not remove this file. Please try again.';
      update(key, { error: message }, `${item.name}: ${message}`);
    },
  );
}

export const activeUploads = (items: UploadItem[]) =>
  items.filter((item) => item.uploadStatus === 'pending' || item.uploadStatus === 'uploading')
    .length;
