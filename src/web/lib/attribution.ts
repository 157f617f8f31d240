import { attributionParamsOf, hasAttributionParams } from '#shared/attribution/attribution.ts';
import type { UtmCaptureResponse } from '#shared/attribution/utm.contract.ts';
import { api } from './api-client';
import { readLanding, visitEntry } from './landing';
import { getSessionId } from './session-id';
import { readJson, writeJson } from './storage';
import { storageKeys } from './storage-keys';

// Spec §7 "UTM and ad tracking", loaded lazily (never on the first screen's eager bundle): the
// landing is captured a moment after the page loads, then linked to the lead on contact submit,
// and the GA4 lead event asked for. Every failure is logged only (spec §8 "GA4 failure").

interface Kept {
  sessionId?: string;
  /** The landing URL the id belongs to: a reload of the same page captures nothing new. */
  url?: string;
  utmTrackingId?: string;
  /** GA's client id made here when the page has no `_ga` cookie; kept for the next visits. */
  gaClientId?: string;
}

const read = (): Kept => {
  const value = readJson(storageKeys.attribution);
  return typeof value === 'object' && value !== null ? (value as Kept) : {};
};
const keep = (changes: Kept) => writeJson(storageKeys.attribution, { ...read(), ...changes });

const fromOtherSite = (referrer: string) => {
  try {
    return referrer !== '' && new URL(referrer).host !== window.location.host;
  } catch {
    return false;
  }
};

async function capture(url: string, referrer: string | undefined): Promise<string> {
  const sessionId = getSessionId();
  const kept = read();
  if (kept.utmTrackingId && kept.sessionId === sessionId && kept.url === url) {
    return kept.utmTrackingId;
  }
  const answer = await api.post<UtmCaptureResponse>('/api/utm/capture', {
    sessionId,
    utmParams: attributionParamsOf(url),
    pageUrl: url.slice(0, 2000),
    ...(referrer && { referrer: referrer.slice(0, 2000) }),
  });
  keep({ sessionId, url, utmTrackingId: answer.utmTrackingId });
  return answer.utmTrackingId;
}

/** On landing: a visit with ad or utm parameters, or from another site, is recorded. */
export async function captureVisit(): Promise<void> {
  const { url, referrer } = visitEntry();
  if (!hasAttributionParams(attributionParamsOf(url)) && !fromOtherSite(referrer)) return;
  try {
    await capture(url, fromOtherSite(referrer) ? referrer : undefined);
  } catch (error) {
    console.warn('Could not record where this visit came from', error);
  }
}

/** GA's client id: the `_ga` cookie's when there is one, else one made here and kept. */
export function gaClientId(): string {
  const cookie = /(?:^|;\s*)_ga=GA\d\.\d+\.(\d{1,20}\.\d{1,20})(?:;|$)/.exec(document.cookie);
  if (cookie?.[1]) return cookie[1];
  const kept = read().gaClientId;
  if (kept && /^\d{1,20}\.\d{1,20}$/.test(kept)) return kept;
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  const made = `${random}.${Math.floor(Date.now() / 1000)}`;
  keep({ gaClientId: made });
  return made;
}

export interface LeadData {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  address: string;
}

/**
 * Contact submit (spec §4): the session's landings go with the lead, then the GA4 lead event is
 * asked for (the server decides whether it may go: configured, turned on, no Sec-GPC / DNT).
 */
export async function linkContact(leadId: string, lead: LeadData): Promise<void> {
  try {
    const kept = read();
    const landing = readLanding();
    const utmTrackingId =
      kept.utmTrackingId && kept.sessionId === getSessionId()
        ? kept.utmTrackingId
        : await capture(landing?.landingPage ?? visitEntry().url, landing?.referrer);
    await api.post('/api/utm/link-lead', { utmTrackingId, leadId });
    const sent = await api.post<{ success: boolean; error: string | null }>(
      '/api/utm/send-ga4-event',
      {
        utmTrackingId,
        clientId: gaClientId(),
        leadData: {
          email: lead.email,
          phone: lead.phone,
          firstName: lead.firstName,
          lastName: lead.lastName,
          propertyAddress: lead.address,
        },
      },
    );
    if (!sent.success) console.info('GA4 lead event not sent:', sent.error);
  } catch (error) {
    console.warn('Could not link the visit to the lead', error);
  }
}
