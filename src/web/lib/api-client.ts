import type { ApiError } from '#shared/api/error.ts';
import { demoRequest } from './demo-seam';
import { report } from './early-reports';

// No zod here on purpose: this file is on the first screen, and the JS budget of that screen
// cannot carry a schema library. The error shape is small enough to check by hand.

/** The server answered with an error status; message and field messages come from its body. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

function isErrorBody(body: unknown): body is ApiError {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body as { error: unknown };
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Still sent while the page unloads (letting a held slot go). */
  keepalive?: boolean;
}

/** Spec §9: a call slower than this is reported. */
export const slowCallMs = 2000;

/**
 * Spec §8 and §9 from the very first request: a failed or non-OK call is reported as
 * api_request_failed, a slow one as performance_warning (early-reports.ts keeps them until the
 * lazily loaded analytics sends them). The path without its query: a search's text stays here.
 */
function observe(url: string, status: number, ms: number): void {
  const path = url.split('?')[0]!.slice(0, 200);
  if (path.startsWith('/api/analytics')) return; // never report the reporting
  if (status === 0 || status >= 400) report('api_request_failed', { path, status });
  if (ms > slowCallMs) report('performance_warning', { path, ms: Math.round(ms) });
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, keepalive } = options;
  // the static demo build answers every call from this browser's storage (lib/demo-seam.ts)
  if (demoRequest) return (await demoRequest(path, method, body)) as T;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  const observed = (status: number) => observe(path, status, performance.now() - started);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
      credentials: 'same-origin',
      ...(keepalive && { keepalive }),
    });
  } catch (cause) {
    // a cancelled query is not a network failure: let TanStack Query see the abort
    if (signal?.aborted) throw cause;
    observed(0);
    throw new NetworkError('We could not reach the server. Please check your connection.', {
      cause,
    });
  }
  observed(response.status);
  // 204 No Content (sign-out) has no body to read
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiRequestError(response.status, code, message, fields);
    }
    throw new ApiRequestError(
      response.status,
      `HTTP_${response.status}`,
      `HTTP error! status: ${response.status}`,
    );
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  post: <T>(path: string, body: unknown) => request<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
  put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};
