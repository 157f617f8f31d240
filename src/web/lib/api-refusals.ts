import { ApiRequestError, NetworkError } from './api-client';

// How the screens read a failed call. Apart from api-client.ts, which the first screen loads:
// only the later steps decide on refusals, so this stays in their chunks.

/**
 * The server refused with one of these codes (errorCodes of src/shared/api/error.ts). Screens
 * decide on the code; the message is only ever shown.
 */
export function hasErrorCode(
  error: unknown,
  ...codes: readonly string[]
): error is ApiRequestError {
  return error instanceof ApiRequestError && codes.includes(error.code);
}

/** The request got no answer at all: offline, connection refused, DNS, blocked. */
/** Worth trying again later: nobody answered, or the server failed on its side. */
export function isServerUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiRequestError && error.status >= 500);
}
