// No zod here on purpose: the web's screens import these codes, and the first screen's JS
// budget cannot carry a schema library.

/** The one shape of every 4xx/5xx answer of the API. */
export interface ApiError {
  error: {
    code: string;
    message: string;
    /** Field path (dotted) to the message the form shows beside that field. */
    fields?: Record<string, string>;
  };
}

/**
 * What a refusal is, for code to act on: screens switch on these, never on the message, which is
 * the spec's text for people.
 */
export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  badRequest: 'BAD_REQUEST',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
  // Refusals of the HTTP layer (Fastify, Node's parser) before any route runs
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  uriTooLong: 'URI_TOO_LONG',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
  expectationFailed: 'EXPECTATION_FAILED',
  /** The session has no lead: the Contact step comes first. */
  noLead: 'NO_LEAD',
  /** The time was taken by someone else (on hold, booking or reschedule). */
  slotTaken: 'SLOT_TAKEN',
  holdExpired: 'HOLD_EXPIRED',
  /** Not this session's hold (released, replaced, or never made). */
  holdNotFound: 'HOLD_NOT_FOUND',
  /** A managed booking that can no longer change: cancelled, started, or changed meanwhile. */
  bookingCancelled: 'BOOKING_CANCELLED',
  bookingStarted: 'BOOKING_STARTED',
  bookingChanged: 'BOOKING_CHANGED',
  /** A promo code that cannot be used now, one code per reason. */
  promoUnknown: 'PROMO_UNKNOWN',
  promoInactive: 'PROMO_INACTIVE',
  promoNotYetValid: 'PROMO_NOT_YET_VALID',
  promoExpired: 'PROMO_EXPIRED',
  promoUsedUp: 'PROMO_USED_UP',
  /** Promo codes (or seasonal ones) are switched off. */
  promoDisabled: 'PROMO_DISABLED',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** Every reason a promo code is refused: the estimate goes on without it. */
export const promoRefusalCodes: readonly string[] = [
  errorCodes.promoUnknown,
  errorCodes.promoInactive,
  errorCodes.promoNotYetValid,
  errorCodes.promoExpired,
  errorCodes.promoUsedUp,
  errorCodes.promoDisabled,
];

export const messages = {
  validation: 'Please correct the highlighted fields.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
  // Refusals of the HTTP layer: they never echo the request (its path may be anything)
  badRequest: 'The request could not be read. Please reload the page and try again.',
  badUrl: 'The address of this request is not valid.',
  badJson: 'The request body is not valid JSON.',
  tooDeep: 'The request body is nested too deeply.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This type of request body is not accepted here.',
  uriTooLong: 'The address of this request is too long.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  expectationFailed: 'This server cannot meet the Expect header of the request.',
} as const;
