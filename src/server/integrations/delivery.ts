// What every outbound channel adapter (email, sms, webhook, ga4, job-tracker) answers, so the
// message worker can decide between "done", "try again later" and "never again".

/** The provider took the message. `local` when no provider is configured and it went to the log. */
export interface Delivered {
  provider: string;
  providerMessageId?: string | undefined;
  local?: boolean;
}

/** Worth trying again later: network error, timeout, 5xx, 429 (with its Retry-After when given). */
export class TransientDeliveryError extends Error {
  override name = 'TransientDeliveryError';
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Will fail the same way again: a 4xx, an invalid number, a refused address, a bad config. */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

/** Where a channel's diagnostics go: the app's pino logger satisfies it. */
export interface DeliveryLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
