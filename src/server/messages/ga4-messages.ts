import { hashedUserData } from '#server/integrations/ga4/hashed-user-data.ts';
import { leadEvent, type LeadEventName } from '#server/integrations/ga4/lead-events.ts';
import type { Db } from '#server/db/client.ts';
import { readSettings, type SettingValues } from '#server/db/settings-store.ts';
import { findLeadWithCustomer } from './message-facts.repository';
import { oncePer, type NewDelivery } from './deliveries.repository';
import type { Outbox } from './outbox';

// A lead's life as GA4's lead events, so the ad platforms linked to GA4 learn which clicks became
// jobs: generate_lead (contact), working_lead (staff's first action), qualify_lead (booked),
// close_convert_lead (won), close_unconvert_lead (lost). Each once per lead, with the browser's
// GA client id kept at contact time; nothing is queued without one, or when the visitor's browser
// asked not to be tracked (Sec-GPC / DNT, recorded on the lead), and personal data goes hashed.

/** The parts of a lead's data this reads (set by the contact step). */
interface LeadAnalytics {
  gaClientId?: unknown;
  adConsent?: unknown;
  estimatedPrice?: unknown;
}

export async function queueLeadEvent(
  tx: Db,
  outbox: Outbox,
  leadId: string,
  name: LeadEventName,
  details: { lostReason?: string } = {},
) {
  if (!(await ga4Readiness(tx)).enabled) return null;
  const found = await findLeadWithCustomer(tx, leadId);
  if (!found) return null;
  const message = planLeadEvent(name, { id: leadId, ...found }, details);
  return message ? outbox.put(tx, message) : null;
}

/** The lead's people and attribution a lead event is made from. */
export interface LeadEventFacts {
  id: string;
  lead: { data: unknown; utmSource: string | null; source: string | null };
  customer: { email: string; phone: string } | null;
}

/**
 * The GA4 delivery of a lead event (GA4 sending enabled: ga4Readiness), or null when the lead has
 * no GA client id or its browser asked not to be tracked.
 */
export function planLeadEvent(
  name: LeadEventName,
  { id: leadId, lead, customer }: LeadEventFacts,
  details: { lostReason?: string } = {},
): NewDelivery | null {
  const data = (lead.data ?? {}) as LeadAnalytics;
  if (typeof data.gaClientId !== 'string' || data.adConsent === false) return null;
  const cents = typeof data.estimatedPrice === 'number' ? data.estimatedPrice : undefined;
  const event = leadEvent(name, {
    currency: 'AUD',
    value: cents === undefined ? undefined : cents / 100,
    leadSource: lead.utmSource ?? lead.source ?? undefined,
    lostReason: details.lostReason,
  });
  const userData = hashedUserData({ email: customer?.email, phone: customer?.phone });
  return oncePer(leadId, {
    channel: 'ga4',
    kind: name,
    recipient: 'Google Analytics',
    leadId,
    payload: { clientId: data.gaClientId, events: [event], ...(userData && { userData }) },
  });
}

/** The client id in a `_ga` cookie (GA1.1.1234567890.1700000000 → 1234567890.1700000000). */
export function gaClientIdOf(cookie: string | undefined): string | undefined {
  const match = /^GA\d\.\d+\.(\d{1,20}\.\d{1,20})$/.exec(cookie?.trim() ?? '');
  return match?.[1];
}

/** True when the browser asked not to be tracked (Global Privacy Control or Do Not Track). */
export function optedOutOfTracking(headers: Record<string, string | string[] | undefined>) {
  return headers['sec-gpc'] === '1' || headers.dnt === '1';
}

/**
 * configured: a GA4 measurement id and API secret are saved. enabled: the business also sends to
 * GA4 (setting ad_tracking_enabled, on unless turned off).
 */
export async function ga4Readiness(db: Db) {
  return ga4ReadinessOf(await readSettings(db, ga4ReadinessKeys));
}

const ga4ReadinessKeys = ['ga4_measurement_id', 'ga4_api_secret', 'ad_tracking_enabled'] as const;

/** ga4Readiness from settings already read (the secret reads as whether one is saved). */
export function ga4ReadinessOf(values: SettingValues<(typeof ga4ReadinessKeys)[number]>) {
  const configured = Boolean(values.ga4_measurement_id) && values.ga4_api_secret;
  return { configured, enabled: values.ad_tracking_enabled !== false };
}
