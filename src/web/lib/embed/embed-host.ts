import { embedParams } from '#shared/embed/embed-messages.ts';
import { readJson, writeJson } from '#web/lib/storage.ts';
import { framed } from './framed';
import { storageKeys } from '#web/lib/storage-keys.ts';

// Issue 30: the app inside a frame that /embed.js put on the business's own site. The script
// names the host page (and its referrer) in the frame's address; the visit is that page's. Not
// on the first screen of `/`: in a frame the frame bridge loads it at start (kept small: the
// frame's first screen has the same budget), elsewhere the landing and the booking do.

export interface EmbedHost {
  /** The host page's origin: the only one the frame's messages go to. */
  origin: string;
  /** The host page's URL (its utm tags and click ids are this visit's). */
  url: string;
  /** Where the visitor was before the host page, when its browser said. */
  referrer?: string;
}

const pageUrl = (value: string | null | undefined): URL | null => {
  try {
    const url = value ? new URL(value) : null;
    return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null;
  } catch {
    return null;
  }
};

/** The host named in the address (or kept from it for a reload), if it is the real parent. */
function findHost(): EmbedHost | null {
  if (!framed) return null;
  const params = new URLSearchParams(window.location.search);
  const named = pageUrl(params.get(embedParams.host));
  const host: EmbedHost | null = named
    ? {
        origin: named.origin,
        url: named.href.slice(0, 2000),
        ...(pageUrl(params.get(embedParams.referrer)) && {
          referrer: params.get(embedParams.referrer)!.slice(0, 2000),
        }),
      }
    : (readJson(storageKeys.embedHost) as EmbedHost | null);
  if (!host || typeof host.origin !== 'string' || typeof host.url !== 'string') return null;
  // A page may claim any host in the frame's address: where the browser names the real parent
  // (Chromium, Safari), a claim that is not it is ignored.
  const parent = window.location.ancestorOrigins?.[0];
  if (parent && parent !== host.origin) return null;
  if (named) writeJson(storageKeys.embedHost, host);
  return host;
}

export const embedHost: EmbedHost | null = findHost();

/** A message to the host page, and to no other origin (the browser drops it otherwise). */
export function postToHost(message: object): void {
  if (embedHost) window.parent.postMessage(message, embedHost.origin);
}
