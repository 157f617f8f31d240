import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import type { CustomerInput, LeadInput } from '#shared/contact/contact.contract.ts';

/** Walks the Contact step through the API: a customer, their session link and lead. */
export async function completeContactStep(
  app: FastifyInstance,
  customer: Partial<CustomerInput> = {},
  leadInput: Partial<LeadInput> = {},
) {
  const sessionId = randomUUID();
  const created = await app.inject({
    method: 'POST',
    url: '/api/customers',
    payload: makeCustomerInput({ ...customer, sessionId }),
  });
  if (created.statusCode >= 300) throw new Error(`customer: ${created.statusCode} ${created.body}`);
  const customerId = created.json().customer.id as string;
  await app.inject({
    method: 'PATCH',
    url: `/api/sessions/${sessionId}/link-customer`,
    payload: { customerId },
  });
  const lead = await app.inject({
    method: 'POST',
    url: '/api/leads',
    payload: makeLeadInput({ sessionId, customerId }, leadInput),
  });
  if (lead.statusCode >= 300) throw new Error(`lead: ${lead.statusCode} ${lead.body}`);
  const body = lead.json().lead;
  return {
    sessionId,
    customerId,
    leadId: body.id as string,
    lead: body,
    leadStatus: lead.statusCode,
  };
}

/**
 * Contact, Details (two measured panes for `painPoint`) and Estimate through the API: an enquiry
 * that can book. The ids of the Contact step.
 */
export async function completeEstimateSteps(
  app: FastifyInstance,
  customer: Partial<CustomerInput> = {},
  painPoint = 'thermal',
) {
  const ids = await completeContactStep(app, customer);
  const details = {
    glassCount: 2,
    painPoint,
    measurements: [1, 2].map(() => ({ length: 1000, width: 1000, sqm: 1 })),
  };
  const saved = await app.inject({
    method: 'PUT',
    url: `/api/sessions/${ids.sessionId}/details`,
    payload: details,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const estimate = await app.inject({
    method: 'POST',
    url: '/api/estimates',
    payload: { sessionId: ids.sessionId, ...details },
  });
  expect(estimate.statusCode, estimate.body).toBe(200);
  return ids;
}
