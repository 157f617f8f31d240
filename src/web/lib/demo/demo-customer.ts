import { errorCodes, messages } from '#shared/api/error.ts';
import {
  customerInputSchema,
  leadInputSchema,
  linkCustomerInputSchema,
  type Customer,
} from '#shared/contact/contact.contract.ts';
import { customerAddressParts } from '#shared/contact/customer-address.ts';
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
import { priceRequest } from '#shared/estimate/price-request.ts';
import type { SavedEstimateResponse } from '#shared/estimate/saved-estimate.contract.ts';
import { unknownPromo } from '#shared/pricing/promo.ts';
import { leadFacts, leadFactSettingKeys } from '#shared/leads/lead-data.ts';
import { getSessionId, newUuid } from '#web/lib/session-id.ts';
import { bookingOptionsOf, painPointsOf, pricePerSqmCents } from './demo-catalogue';
import { notFound, parse, refuse, route, type DemoRoute } from './demo-http';
import { demoSettings, settingOf } from './demo-settings';
import { read, transact, type DemoCustomer, type DemoData, type DemoLead } from './demo-store';

// The customer's steps in the demo: the catalogue and settings of spec §3/§9 (as the demo's
// /settings left them, demo-catalogue.ts and demo-settings.ts), customers
// matched by e-mail, one lead per session, and the estimate priced by the server's own function.

export function customerDto(c: DemoCustomer): Customer {
  return {
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    address: c.address,
    ...customerAddressParts(c.structuredAddress),
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

function requirePainPoint(data: DemoData, id: string) {
  if (!painPointsOf(data).some((p) => p.id === id && p.active)) {
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
    requirePainPoint(data, details.painPoint);
    lead.details = details;
    lead.stage = furthestStage(lead.stage, 'details');
    lead.updatedAt = new Date().toISOString();
    return { lead: { id: lead.id, stage: lead.stage } };
  });
}

/** The lead's panes and onsite offer, as the server's leadFacts gives them for its lead. */
export const factsOf = (data: DemoData, lead: DemoLead | undefined) =>
  leadFacts({ details: lead?.details ?? undefined }, demoSettings(data, leadFactSettingKeys));

/** Onsite visits for the panes of an estimate request, from the demo's /settings (spec §9). */
const onsiteOf = (data: DemoData, glassCount: number) =>
  onsiteAvailability(
    glassCount,
    settingOf(data, 'onsite_glass_threshold'),
    settingOf(data, 'onsite_restriction_enabled'),
  );

function estimate(body: unknown): Promise<EstimateResponse> {
  const input = parse(estimateRequestSchema, body);
  return transact((data) => {
    const lead = leadOfSession(data, input.sessionId);
    requirePainPoint(data, input.painPoint);
    // the demo has no promo codes: any code is refused as the server refuses an unknown one
    if (input.promoCode) {
      throw refuse(400, unknownPromo.code, unknownPromo.message, {
        promoCode: unknownPromo.message,
      });
    }
    const to = data.customers.find((c) => c.id === lead.customerId)?.structuredAddress?.coordinates;
    // the prices and rates of the demo's /settings, as the server reads its own
    const settings = demoSettings(data, [
      'glass_minimum_threshold',
      'minimum_job_charge_cents',
      'travel_hourly_rate_cents',
      'base_address',
    ]);
    const breakdown = priceRequest(
      input,
      pricePerSqmCents(data, input.painPoint),
      settings,
      to ?? null,
      null,
    );
    lead.estimate = { ...breakdown, computedAt: new Date().toISOString() };
    lead.stage = furthestStage(lead.stage, 'estimate');
    lead.updatedAt = lead.estimate.computedAt;
    return { estimate: breakdown, onsite: onsiteOf(data, input.glassCount) };
  });
}

function savedEstimate(sessionId: string): Promise<SavedEstimateResponse> {
  return transact((data) => {
    const lead = leadOfSession(data, sessionId);
    const { glassCount, onsite } = factsOf(data, lead);
    const saved = lead.estimate ? { ...lead.estimate, computedAt: undefined } : null;
    return { glassCount, estimate: saved, onsite };
  });
}

/** This browser session as a visitor of the booking pages (once per session). */
function countVisit(): Promise<DemoData> {
  const sessionId = getSessionId();
  return transact((data) => {
    if (!data.visits.some((v) => v.sessionId === sessionId)) {
      data.visits.push({ sessionId, at: new Date().toISOString() });
    }
    return data;
  });
}

export const customerRoutes: DemoRoute[] = [
  // the booking flow's lists: the active entries, as the demo's /settings left them
  // read by the booking pages only (staff read /admin/booking-options): a visit starts here
  route('GET', '/booking-options', async () => ({
    bookingOptions: bookingOptionsOf(await countVisit())
      .filter((o) => o.active)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ id, label, description, duration }) => ({ id, label, description, duration })),
  })),
  route('GET', '/pain-points', async () => ({
    painPoints: painPointsOf(await read())
      .filter((p) => p.active)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map(({ id, name, description, active }) => ({ id, name, description, active })),
  })),
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
