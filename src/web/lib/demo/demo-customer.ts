import { errorCodes, messages } from '#shared/api/error.ts';
import { defaultPricePerSqmCents } from '#shared/catalogue/catalogue-defaults.ts';
import {
  customerInputSchema,
  leadInputSchema,
  linkCustomerInputSchema,
  type Customer,
} from '#shared/contact/contact.contract.ts';
import {
  detailsBodySchema,
  detailsMessages,
  furthestStage,
  noLeadMessage,
} from '#shared/estimate/details.contract.ts';
import { measurementsOptional } from '#shared/estimate/booking-options.ts';
import {
  estimateRequestSchema,
  onsiteAvailability,
  type EstimateResponse,
} from '#shared/estimate/estimate.contract.ts';
import type { SavedEstimateResponse } from '#shared/estimate/saved-estimate.contract.ts';
import { computeEstimate } from '#shared/pricing/estimate.ts';
import { unknownPromo } from '#shared/pricing/promo.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { bookingOptions, fallbackPainPoints, settings } from '#web/lib/built-in-defaults.ts';
import { newUuid } from '#web/lib/session-id.ts';
import { notFound, parse, refuse, route, type DemoRoute } from './demo-http';
import { transact, type DemoCustomer, type DemoData, type DemoLead } from './demo-store';

// The customer's steps in the demo: the built-in catalogue and settings of spec §3/§9, customers
// matched by e-mail, one lead per session, and the estimate priced by the server's own function.

export function customerDto(c: DemoCustomer): Customer {
  const s = c.structuredAddress;
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    address: c.address,
    suburb: s?.suburb ?? null,
    postcode: s?.postcode ?? null,
    state: s?.state ?? null,
    placeId: s?.placeId ?? null,
    addressCoordinates: s?.coordinates ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

export function leadOfSession(data: DemoData, sessionId: string): DemoLead {
  const lead = data.leads.find((l) => l.sessionId === sessionId);
  if (!lead) throw refuse(409, errorCodes.noLead, noLeadMessage);
  return lead;
}

function upsertCustomer(body: unknown) {
  const input = parse(customerInputSchema, body);
  return transact((data) => {
    const now = new Date().toISOString();
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      address: input.address,
      structuredAddress: input.structuredAddress ?? null,
      updatedAt: now,
    };
    let customer = data.customers.find((c) => c.email === input.email);
    if (customer) Object.assign(customer, fields);
    else {
      customer = { id: newUuid(), email: input.email, createdAt: now, ...fields };
      data.customers.push(customer);
    }
    return { customer: customerDto(customer) };
  });
}

function upsertLead(body: unknown) {
  const input = parse(leadInputSchema, body);
  return transact((data) => {
    const now = new Date().toISOString();
    if (!data.customers.some((c) => c.id === input.customerId)) throw notFound();
    let lead = data.leads.find((l) => l.sessionId === input.sessionId);
    if (lead) {
      Object.assign(lead, { customerId: input.customerId, bookingOption: input.bookingOption });
      lead.updatedAt = now;
    } else {
      lead = {
        id: newUuid(),
        customerId: input.customerId,
        sessionId: input.sessionId,
        source: 'website',
        status: 'new',
        stage: 'contact',
        bookingOption: input.bookingOption,
        details: null,
        estimate: null,
        landingPage: input.landingPage ?? null,
        referrer: input.referrer ?? null,
        createdAt: now,
        updatedAt: now,
      };
      data.leads.push(lead);
    }
    const { id, customerId, sessionId, source, status, stage, createdAt, updatedAt } = lead;
    const leadData = { bookingOption: lead.bookingOption };
    return {
      lead: {
        id,
        customerId,
        sessionId,
        source,
        status,
        stage,
        data: leadData,
        createdAt,
        updatedAt,
      },
    };
  });
}

function requirePainPoint(id: string) {
  if (!fallbackPainPoints().some((p) => p.id === id)) {
    const message = detailsMessages.painPointRequired;
    throw refuse(400, errorCodes.validation, message, { painPoint: message });
  }
}

function saveDetails(sessionId: string, body: unknown) {
  const details = parse(detailsBodySchema, body);
  return transact((data) => {
    const lead = leadOfSession(data, sessionId);
    if (details.measurements.length === 0 && !measurementsOptional(lead.bookingOption)) {
      throw refuse(400, errorCodes.validation, messages.validation, {
        measurements: detailsMessages.measurementsRequired,
      });
    }
    requirePainPoint(details.painPoint);
    lead.details = details;
    lead.stage = furthestStage(lead.stage, 'details');
    lead.updatedAt = new Date().toISOString();
    return { lead: { id: lead.id, stage: lead.stage } };
  });
}

const onsite = (glassCount: number) =>
  onsiteAvailability(glassCount, d.onsite_glass_threshold, d.onsite_restriction_enabled);

function estimate(body: unknown): Promise<EstimateResponse> {
  const input = parse(estimateRequestSchema, body);
  return transact((data) => {
    const lead = leadOfSession(data, input.sessionId);
    requirePainPoint(input.painPoint);
    // the demo has no promo codes: any code is refused as the server refuses an unknown one
    if (input.promoCode) {
      throw refuse(400, unknownPromo.code, unknownPromo.message, {
        promoCode: unknownPromo.message,
      });
    }
    const to = data.customers.find((c) => c.id === lead.customerId)?.structuredAddress?.coordinates;
    const breakdown = computeEstimate({
      glassCount: input.glassCount,
      measurements: input.measurements.map((m) => ({
        lengthMm: m.length,
        widthMm: m.width,
        sqm: m.sqm,
      })),
      pricePerSqmCents: defaultPricePerSqmCents,
      glassMinimumThreshold: d.glass_minimum_threshold,
      travel: to ? { from: d.base_address, to, hourlyRateCents: d.travel_hourly_rate_cents } : null,
      promo: null,
    });
    lead.estimate = { ...breakdown, computedAt: new Date().toISOString() };
    lead.stage = furthestStage(lead.stage, 'estimate');
    lead.updatedAt = lead.estimate.computedAt;
    return { estimate: breakdown, onsite: onsite(input.glassCount) };
  });
}

function savedEstimate(sessionId: string): Promise<SavedEstimateResponse> {
  return transact((data) => {
    const lead = leadOfSession(data, sessionId);
    const glassCount = lead.details?.glassCount ?? 0;
    const saved = lead.estimate ? { ...lead.estimate, computedAt: undefined } : null;
    return { glassCount, estimate: saved, onsite: onsite(glassCount) };
  });
}

export const customerRoutes: DemoRoute[] = [
  route('GET', '/settings', () => settings),
  route('GET', '/booking-options', () => ({ bookingOptions })),
  route('GET', '/pain-points', () => ({ painPoints: fallbackPainPoints() })),
  route('POST', '/customers', ({ body }) => upsertCustomer(body)),
  route('PATCH', '/sessions/:id/link-customer', ({ params, body }) => {
    const input = parse(linkCustomerInputSchema, body);
    const session = {
      sessionId: params[0]!,
      customerId: input.customerId,
      currentStep: input.currentStep ?? 'contact',
      lastActivity: new Date().toISOString(),
    };
    return { session };
  }),
  route('POST', '/leads', ({ body }) => upsertLead(body)),
  route('PUT', '/sessions/:id/details', ({ params, body }) => saveDetails(params[0]!, body)),
  route('POST', '/estimates', ({ body }) => estimate(body)),
  route('GET', '/sessions/:id/estimate', ({ params }) => savedEstimate(params[0]!)),
];
