import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';

// SMTP says itself whether trying again can help: 4xx replies are temporary, 5xx permanent
// (RFC 5321 §4.2.1), and that includes 535, wrong credentials, which no retry fixes. Without a
// reply the failure is the connection's (refused, timed out, DNS, dropped): the server may be back
// later.
const connectionFailures = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROTOCOL',
]);

/** nodemailer's configuration and message errors: the same message would fail again. */
const ownFailures = new Set([
  'ECONFIG',
  'EAUTH',
  'ENOAUTH',
  'EENVELOPE',
  'EREQUIRETLS',
  'EMAXRECIPIENTS',
]);

interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
  response?: string;
}

export function classifySmtpError(error: unknown): TransientDeliveryError | PermanentDeliveryError {
  const {
    message = String(error),
    code,
    responseCode,
    response,
  } = (error ?? {}) as NodemailerError;
  const detail = response ?? message;
  if (typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500) {
    return new TransientDeliveryError(`SMTP ${responseCode}: ${detail}`);
  }
  if (typeof responseCode === 'number' && responseCode >= 500) {
    return new PermanentDeliveryError(`SMTP ${responseCode}: ${detail}`);
  }
  if (code && ownFailures.has(code)) return new PermanentDeliveryError(`${code}: ${message}`);
  if (code && connectionFailures.has(code))
    return new TransientDeliveryError(`${code}: ${message}`);
  // an unknown failure is retried: the queue's attempt limit still ends it
  return new TransientDeliveryError(code ? `${code}: ${message}` : message);
}
