import { z } from 'zod';

// Issue 30: the sites allowed to show the booking page in a frame (Settings → "Your website").
// Each is an origin, as a browser names the page that frames: https, or http on this computer for
// trying it out. They become the public pages' CSP frame-ancestors.

export const embedMessages = {
  origin:
    'Each site must be an https:// address with no path, like https://www.example.com.au (http:// only for localhost)',
  tooMany: 'At most 20 sites',
} as const;

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The origin a browser would report for `value`, or null when it is not one we allow. */
export function embedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:';
  const local = url.protocol === 'http:' && localHosts.has(url.hostname);
  if (!secure && !local) return null;
  // an origin only: no user, path, query or fragment (a trailing slash is the same origin)
  const bare = url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  if (!bare || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

export const embedOriginsSchema = z
  .array(z.string({ error: embedMessages.origin }), { error: embedMessages.origin })
  .max(20, embedMessages.tooMany)
  .refine(
    (origins) => origins.every((origin) => embedOrigin(origin) !== null),
    embedMessages.origin,
  )
  // stored as the browser names them, once each
  .transform((origins) => [...new Set(origins.map((origin) => embedOrigin(origin) as string))]);

/**
 * The customer's pages (spec §2): the only ones a listed site may frame. Staff screens, the API
 * reference and everything else keep `frame-ancestors 'none'`.
 */
export const customerPages = [
  '/',
  '/contact',
  '/measurement',
  '/files',
  '/estimate',
  '/booking',
  '/confirmation',
  '/reschedule',
] as const;
