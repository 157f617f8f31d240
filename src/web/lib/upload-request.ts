import type { ApiError } from '#shared/api/error.ts';
import { ApiRequestError, NetworkError, request } from './api-client';

// fetch() cannot report upload progress; XMLHttpRequest can (upload.onprogress), so a file is
// sent with it. Errors come out as the api-client's, so callers handle both alike.

export interface UploadRequest<T> {
  done: Promise<T>;
  /** Stops the transfer; `done` then rejects with an AbortError. */
  abort: () => void;
}

function errorOf(status: number, body: unknown): ApiRequestError {
  const error = (body as Partial<ApiError> | null)?.error;
  if (error && typeof error.message === 'string') {
    return new ApiRequestError(status, error.code, error.message, error.fields);
  }
  return new ApiRequestError(status, `HTTP_${status}`, `HTTP error! status: ${status}`);
}

/** POSTs one file as multipart/form-data (field `file`); `onProgress` gets 0 to 1. */
export function uploadWithProgress<T>(
  url: string,
  file: Blob,
  fileName: string,
  onProgress: (fraction: number) => void,
): UploadRequest<T> {
  // the static demo build sends no file anywhere: its api client keeps it in this browser (ADR 026)
  if (import.meta.env.MODE === 'demo') {
    const body = { file, name: fileName };
    return { done: request<T>(url, { method: 'POST', body }), abort: () => {} };
  }
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // not JSON: the status speaks for itself
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
      } else reject(errorOf(xhr.status, body));
    };
    xhr.onerror = () =>
      reject(new NetworkError('We could not reach the server. Please check your connection.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
