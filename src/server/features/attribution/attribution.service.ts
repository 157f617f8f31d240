import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  classifyAttribution,
  hasAttributionParams,
  type AttributionParamValues,
} from '#shared/attribution/attribution.ts';
import type {
  utmCaptureInputSchema,
  utmLinkLeadInputSchema,
  utmSendGa4InputSchema,
} from '#shared/attribution/utm.contract.ts';
import { parseLeadData } from '#shared/leads/lead-data.ts';
import type { Db } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { ga4Readiness, queueLeadEvent } from '#server/messages/ga4-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import * as repo from './attribution.repository';

type CaptureInput = z.output<typeof utmCaptureInputSchema>;
type LinkInput = z.output<typeof utmLinkLeadInputSchema>;
type SendInput = z.output<typeof utmSendGa4InputSchema>;

export const attributionMessages = {
  captureNotFound: 'UTM capture not found.',
  leadNotFound: 'Lead not found.',
  notLinked: 'Link the lead to this UTM capture first.',
  notConfigured: 'GA4 measurement is not configured.',
  disabled: 'Sending lead events to GA4 is turned off in Settings.',
  optedOut: 'Not sent: the browser asked not to be tracked.',
  noClientId: 'Not sent: no GA client id for this lead.',
} as const;

export interface RequestFacts {
  ipAddress: string;
  userAgent: string | undefined;
  /** Sec-GPC: 1 or DNT: 1 */
  optedOut: boolean;
  /** The client id of the request's `_ga` cookie, when it has one. */
  cookieClientId: string | undefined;
}

/** Only the parameters that are set, in one order: what makes two landings the same. */
function fingerprintOf(params: AttributionParamValues, referrerHost: string | null): string {
  const set = Object.entries(params)
    .filter(([, value]) => value)
    .sort(([a], [b]) => a.localeCompare(b));
  const key = hasAttributionParams(params) ? set : { referrer: referrerHost ?? '' };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

function hostOf(url: string | undefined): string | null {
  try {
    return url ? new URL(url).hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

export async function captureLanding(db: Db, input: CaptureInput, facts: RequestFacts, now: Date) {
  const params: AttributionParamValues = Object.fromEntries(
    Object.entries(input.utmParams).filter(([, value]) => value),
  );
  const attribution = classifyAttribution(params, input.referrer, hostOf(input.pageUrl));
  const owner = await repo.customerOfSession(db, input.sessionId);
  const { id, isNew } = await repo.insertCapture(db, {
    sessionId: input.sessionId,
    customerId: owner.customerId,
    leadId: owner.leadId,
    family: attribution.family,
    utmSource: params.utm_source ?? null,
    utmMedium: params.utm_medium ?? null,
    utmCampaign: params.utm_campaign ?? null,
    utmTerm: params.utm_term ?? null,
    utmContent: params.utm_content ?? null,
    gclid: params.gclid ?? null,
    fbclid: params.fbclid ?? null,
    // the spec's "gbraidid" and Google's "gbraid" are the same id
    gbraidid: params.gbraid ?? params.gbraidid ?? null,
    wbraid: params.wbraid ?? null,
    gadSource: params.gad_source ?? null,
    gadCampaignId: params.gad_campaignid ?? null,
    pageUrl: input.pageUrl ?? null,
    referrer: input.referrer ?? null,
    ipAddress: facts.ipAddress,
    userAgent: facts.userAgent?.slice(0, 500) ?? null,
    fingerprint: fingerprintOf(params, hostOf(input.referrer)),
    createdAt: now,
  });
  const ga4 = await ga4Readiness(db);
  return {
    success: true,
    utmTrackingId: id,
    shouldSendGA4: ga4.configured && ga4.enabled && !facts.optedOut,
    isNew,
    family: attribution.family,
  };
}

/** The click ids of a landing, only those it has. */
export function clickIdsOf(capture: repo.CaptureRow): Record<string, string> {
  const ids: Record<string, string | null> = {
    gclid: capture.gclid,
    gbraid: capture.gbraidid,
    wbraid: capture.wbraid,
    gad_source: capture.gadSource,
    gad_campaignid: capture.gadCampaignId,
    fbclid: capture.fbclid,
  };
  return Object.fromEntries(Object.entries(ids).filter(([, value]) => value)) as Record<
    string,
    string
  >;
}

/**
 * Contact submit (spec §4): the session's landings now belong to the lead and its customer, and
 * the lead's source / medium / campaign, utm tags and click ids come from the landing that led
 * to it (the session's latest one that was not a direct visit).
 */
export async function linkLead(db: Db, input: LinkInput) {
  const capture = await repo.findCapture(db, input.utmTrackingId);
  if (!capture?.sessionId) throw HttpError.notFound(attributionMessages.captureNotFound);
  const lead = await repo.findLead(db, input.leadId);
  // a capture links only to the lead of its own session (as for customers, ADR 012)
  if (!lead || lead.sessionId !== capture.sessionId) {
    throw HttpError.notFound(attributionMessages.leadNotFound);
  }
  const sessionId = capture.sessionId;
  return db.transaction(async (tx) => {
    const linked = await repo.linkSessionCaptures(tx, sessionId, lead);
    const conversion = (await repo.conversionCapture(tx, sessionId)) ?? capture;
    const params: AttributionParamValues = {
      ...(conversion.utmSource && { utm_source: conversion.utmSource }),
      ...(conversion.utmMedium && { utm_medium: conversion.utmMedium }),
      ...(conversion.utmCampaign && { utm_campaign: conversion.utmCampaign }),
      ...clickIdsOf(conversion),
    };
    const attribution = classifyAttribution(
      params,
      conversion.referrer,
      hostOf(conversion.pageUrl ?? undefined),
    );
    await repo.fillLeadAttribution(tx, lead.id, {
      source: attribution.source,
      medium: attribution.medium,
      campaign: attribution.campaign,
      utm: {
        utmSource: conversion.utmSource,
        utmMedium: conversion.utmMedium,
        utmCampaign: conversion.utmCampaign,
        utmTerm: conversion.utmTerm,
        utmContent: conversion.utmContent,
      },
      data: { attributionFamily: attribution.family, clickIds: clickIdsOf(conversion) },
    });
    return { success: true, linked };
  });
}

/**
 * Queues the lead's GA4 generate_lead (hashed e-mail and phone only) through the outbound
 * messages, once per lead. The consent state is written on the lead first, in the same
 * transaction, so nothing leaves without a record of why it was allowed.
 */
export async function sendGa4Event(
  db: Db,
  outbox: Outbox,
  input: SendInput,
  facts: RequestFacts,
  now: Date,
) {
  const capture = await repo.findCapture(db, input.utmTrackingId);
  if (!capture) throw HttpError.notFound(attributionMessages.captureNotFound);
  if (!capture.leadId) throw HttpError.conflict(attributionMessages.notLinked);
  const leadId = capture.leadId;
  const ga4 = await ga4Readiness(db);
  const consent = {
    adConsent: !facts.optedOut && ga4.enabled,
    adConsentRecordedAt: now.toISOString(),
    adConsentReason: facts.optedOut
      ? 'browser_opt_out'
      : ga4.enabled
        ? 'setting_on'
        : 'setting_off',
  };
  return db.transaction(async (tx) => {
    await repo.mergeLeadData(tx, leadId, consent);
    if (!ga4.configured) return { success: false, error: attributionMessages.notConfigured };
    if (!ga4.enabled) return { success: false, error: attributionMessages.disabled };
    if (facts.optedOut) return { success: false, error: attributionMessages.optedOut };
    const clientId = facts.cookieClientId ?? input.clientId;
    if (clientId) await repo.keepGaClientId(tx, leadId, clientId);
    const queued = await queueLeadEvent(tx, outbox, leadId, 'generate_lead');
    if (queued) {
      await repo.markGa4Sent(tx, capture.id, now);
      return { success: true, error: null };
    }
    const lead = await repo.findLead(tx, leadId);
    if (parseLeadData(lead?.data).gaClientId === undefined) {
      return { success: false, error: attributionMessages.noClientId };
    }
    // queued before (at POST /api/leads, or an earlier call): the dedupe key kept it to once
    return { success: true, error: null };
  });
}
