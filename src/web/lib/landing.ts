import { attributionParamsOf, hasAttributionParams } from '#shared/attribution/attribution.ts';
import type { UtmData } from '#shared/contact/contact.contract.ts';
import { embedHost } from './embed/embed-host';
import { readJson, writeJson } from './storage';
import { storageKeys } from './storage-keys';

/** Where the visitor came from, as the first page of the visit saw it. */
export interface Landing {
  utm: UtmData;
  referrer?: string;
  landingPage: string;
}

const key = storageKeys.landing;
const utmKeys = ['source', 'medium', 'campaign', 'term', 'content'] as const;

// Recorded on the first interaction (main.tsx), and by the first reader at the latest: the
// entry URL and referrer do not change while the document lives. Off the first screen's budget.
let captured = false;

/**
 * A landing with utm_* parameters replaces the stored one (the latest campaign gets the credit);
 * a plain visit keeps an earlier campaign's attribution.
 */
export function captureLanding(url: string, referrer: string): void {
  captured = true;
  const params = new URL(url).searchParams;
  const utm: UtmData = {};
  for (const name of utmKeys) {
    const value = params.get(`utm_${name}`)?.trim();
    if (value) utm[name] = value.slice(0, 200);
  }
  if (Object.keys(utm).length === 0 && storedLanding()) return;
  const landing: Landing = { utm, landingPage: url.slice(0, 2000) };
  if (referrer) landing.referrer = referrer.slice(0, 2000);
  writeJson(key, landing);
}

export function readLanding(): Landing | null {
  if (!captured && typeof window !== 'undefined') captureEntry();
  return storedLanding();
}

function storedLanding(): Landing | null {
  const value = readJson(key);
  if (typeof value !== 'object' || value === null) return null;
  const landing = value as Partial<Landing>;
  if (typeof landing.landingPage !== 'string') return null;
  return {
    utm: typeof landing.utm === 'object' && landing.utm !== null ? landing.utm : {},
    landingPage: landing.landingPage,
    ...(typeof landing.referrer === 'string' && { referrer: landing.referrer }),
  };
}

/** The URL this document was opened with (the address bar may have moved on since). */
function entryUrl(): string {
  const [navigation] = performance.getEntriesByType('navigation');
  return navigation?.name || window.location.href;
}

/**
 * The URL and referrer this visit's attribution reads (spec §7 "UTM and ad tracking"). In a frame
 * on the business's site (issue 30) the host page is the landing page when it carries tags; an
 * untagged host page makes the visit a referral from that site (the frame's own page is then the
 * landing).
 */
export function visitEntry(): { url: string; referrer: string } {
  if (!embedHost) return { url: entryUrl(), referrer: document.referrer };
  return hasAttributionParams(attributionParamsOf(embedHost.url))
    ? { url: embedHost.url, referrer: embedHost.referrer ?? '' }
    : { url: `${window.location.origin}/`, referrer: embedHost.url };
}

/** The landing of this document (or of the host page around its frame), as it was opened. */
export function captureEntry(): void {
  const entry = visitEntry();
  captureLanding(entry.url, entry.referrer);
}
