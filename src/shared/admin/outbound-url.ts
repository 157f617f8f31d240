import { z } from 'zod';

// Where the app sends data on its own (the form webhook, the job tracker, provider endpoints):
// https:// anywhere, plain http:// only to this machine, for a local receiver and the tests.
// Plain http to another host would carry lead details and bearer keys in the clear.

/** Host names as the WHATWG URL parser leaves them: "127.1" is already "127.0.0.1", IPv6 is bracketed. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

export function isOutboundUrl(text: string): boolean {
  // the URL parser quietly drops tabs and newlines and encodes spaces: the stored text would differ
  if (/\s/.test(text)) return false;
  const url = parse(text);
  if (!url) return false;
  // fetch refuses a URL with credentials; keys belong in the (encrypted) secret settings
  if (url.username || url.password) return false;
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:') return false;
  return isLoopbackHost(url.hostname) || z.regexes.domain.test(url.hostname);
}

// URL.canParse is too new for some of the staff's browsers (the settings forms run this too)
function parse(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
