import type { z } from 'zod';
import { errorCodes, messages as validationMessages } from '#shared/api/error.ts';
import { defaultPricePerSqmCents } from '#shared/catalogue/catalogue-defaults.ts';
import {
  detailsMessages,
  furthestStage,
  noLeadMessage,
  type detailsBodySchema,
} from '#shared/estimate/details.contract.ts';
import {
  onsiteAvailability,
  type EstimateResponse,
  type estimateRequestSchema,
} from '#shared/estimate/estimate.contract.ts';
import { priceRequest } from '#shared/estimate/price-request.ts';
import type { SavedEstimateResponse } from '#shared/estimate/saved-estimate.contract.ts';
import { measurementsOptional } from '#shared/estimate/booking-options.ts';
import { promoDisabled, promoRefusal, unknownPromo } from '#shared/pricing/promo.ts';
import {
  leadFacts,
  leadFactSettingKeys,
  parseLeadData,
  type LeadData,
} from '#shared/leads/lead-data.ts';
import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './estimates.repository';

type DetailsInput = z.output<typeof detailsBodySchema>;
type EstimateInput = z.output<typeof estimateRequestSchema>;

async function requireLead(db: Db, sessionId: string) {
  const lead = await repo.findLeadForSession(db, sessionId);
  if (!lead) throw HttpError.conflict(noLeadMessage, errorCodes.noLead);
  return lead;
}

async function requirePainPoint(db: Db, id: string) {
  const painPoint = await repo.findActivePainPoint(db, id);
  if (!painPoint) {
    throw HttpError.badRequest(detailsMessages.painPointRequired, {
      painPoint: detailsMessages.painPointRequired,
    });
  }
  return painPoint;
}

/** The Details step: kept on the lead (stage 'details') and in the session's booking data. */
export async function saveDetails(db: Db, sessionId: string, details: DetailsInput, now: Date) {
  const lead = await requireLead(db, sessionId);
  // a consultant measures on a consultation; an estimate is priced from at least one pane
  const { bookingOption } = parseLeadData(lead.data);
  if (details.measurements.length === 0 && !measurementsOptional(bookingOption)) {
    throw HttpError.badRequest(validationMessages.validation, {
      measurements: detailsMessages.measurementsRequired,
    });
  }
  await requirePainPoint(db, details.painPoint);
  const stage = furthestStage(lead.stage, 'details');
  await repo.updateLeadProgress(db, lead.id, stage, { details });
  await repo.mergeSessionBookingData(db, sessionId, details, now);
  return { id: lead.id, stage };
}

async function activePromo(db: Db, code: string | undefined, now: Date, enabled: boolean) {
  if (!code) return null;
  // switched off: said so, not "not valid" (issue 26 item 12)
  if (!enabled) throw HttpError.promoRefused(promoDisabled);
  const promo = await repo.findPromoCode(db, code);
  if (!promo) throw HttpError.promoRefused(unknownPromo);
  const refusal = promoRefusal(promo, now);
  if (refusal) throw HttpError.promoRefused(refusal);
  const discountType = promo.discountType === 'fixed' ? 'fixed' : 'percentage';
  return { code: promo.code, discountType, discountValue: promo.discountValue } as const;
}

/** Recomputes the estimate from the database's prices and stores it on the lead (stage 'estimate'). */
export async function estimateForSession(
  db: Db,
  input: EstimateInput,
  now: Date,
): Promise<EstimateResponse> {
  const lead = await requireLead(db, input.sessionId);
  await requirePainPoint(db, input.painPoint);
  const s = await readSettings(db, [
    'travel_hourly_rate_cents',
    'glass_minimum_threshold',
    'minimum_job_charge_cents',
    'onsite_glass_threshold',
    'onsite_restriction_enabled',
    'base_address',
    'promo_codes_enabled',
  ]);
  const promo = await activePromo(db, input.promoCode, now, s.promo_codes_enabled);
  const pricePerSqmCents =
    (await repo.findPricePerSqmCents(db, input.painPoint)) ?? defaultPricePerSqmCents;
  const address = lead.lat !== null && lead.lng !== null ? { lat: lead.lat, lng: lead.lng } : null;
  const estimate = priceRequest(input, pricePerSqmCents, s, address, promo);
  const onsite = onsiteAvailability(
    input.glassCount,
    s.onsite_glass_threshold,
    s.onsite_restriction_enabled,
  );

  await repo.updateLeadProgress(db, lead.id, furthestStage(lead.stage, 'estimate'), {
    estimatedPrice: estimate.totalCents,
    estimate: { ...estimate, computedAt: now.toISOString() },
  });
  await repo.mergeSessionBookingData(
    db,
    input.sessionId,
    { estimatedPrice: estimate.totalCents, promoCode: promo?.code ?? null },
    now,
  );
  return { estimate, onsite };
}

/** The breakdown as the Estimate step answered it (when it was computed is the lead's record). */
const breakdownOf = ({ computedAt: _, ...breakdown }: NonNullable<LeadData['estimate']>) =>
  breakdown;

/** The session's saved estimate and whether an onsite visit can be booked: reads, never writes. */
export async function savedEstimate(db: Db, sessionId: string): Promise<SavedEstimateResponse> {
  const lead = await requireLead(db, sessionId);
  const data = parseLeadData(lead.data);
  const { glassCount, onsite } = leadFacts(data, await readSettings(db, leadFactSettingKeys));
  return { glassCount, estimate: data.estimate ? breakdownOf(data.estimate) : null, onsite };
}
