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

/**
 * `base` with `path` added to its path (and its query kept). The path is set as a path, never
 * parsed as a reference: a base path of `//other-host/api` or `/\other-host` stays a path on the
 * configured host, where `new URL(pathname + path, base)` would have switched host.
 */
export function withPath(base: URL, path: string, what: string): URL {
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`;
  return sameOrigin(url, base, what);
}

/** The final URL, checked: the same scheme, host and port as the configured one, else refused. */
export function sameOrigin(url: URL, configured: URL, what: string): URL {
  if (url.origin !== configured.origin || url.username || url.password) {
    throw new PermanentDeliveryError(`${what} address refused: the request would leave its host`);
  }
  return url;
}
