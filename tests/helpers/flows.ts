import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
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
