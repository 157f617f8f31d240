import { isOutboundUrl } from '#shared/admin/outbound-url.ts';
import { PermanentDeliveryError } from './delivery';

// The settings forms already refuse other addresses (httpsUrlSchema runs the same rule); this
// is checked again at send time because a value may predate the rule or come from the env.

/** The URL to send to, or a PermanentDeliveryError that names the rule (never the URL: it may hold a key). */
export function outboundUrl(text: string, what: string): URL {
  if (!isOutboundUrl(text)) {
    throw new PermanentDeliveryError(
      `${what} address refused: it must be https://, or http:// to localhost, 127.0.0.1 or [::1], without a user name or password`,
    );
  }
  return new URL(text);
}
