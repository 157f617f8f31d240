import type {
  Customer,
  CustomerInput,
  LeadInput,
  StructuredAddress,
  UtmData,
} from '#shared/contact/contact.contract.ts';
import { api } from '#web/lib/api-client.ts';
import { readLanding } from '#web/lib/landing.ts';
import { newUuid } from '#web/lib/session-id.ts';
import type { ContactValues } from './contact-storage';

/** Everything one "Continue to Details" sends; kept whole so it can be re-sent as it was. */
export interface ContactSubmission {
  id: string;
  sessionId: string;
  customer: CustomerInput;
  link: { currentStep: string; utmData?: UtmData };
  lead: Omit<LeadInput, 'customerId'>;
}

export function buildSubmission(input: {
  values: ContactValues;
  structuredAddress: StructuredAddress | undefined;
  honeypot: string;
  sessionId: string;
}): ContactSubmission {
  const { values, structuredAddress, honeypot, sessionId } = input;
  const { bookingOption, ...contact } = values;
  const contactFormData = { ...contact, ...(structuredAddress && { structuredAddress }) };
  const landing = readLanding();
  const utm = landing && Object.keys(landing.utm).length > 0 ? landing.utm : undefined;
  return {
    id: newUuid(),
    sessionId,
    customer: { ...contactFormData, sessionId, website: honeypot },
    link: { currentStep: 'measurement', ...(utm && { utmData: utm }) },
    lead: {
      sessionId,
      bookingOption,
      contactFormData,
      ...(utm && { utm }),
      ...(landing?.referrer && { referrer: landing.referrer }),
      ...(landing && { landingPage: landing.landingPage }),
      website: honeypot,
    },
  };
}

/**
 * Spec §4 Contact submit, in order: save the customer (with the session id), link the session
 * to them, create the lead. Every call is idempotent (one customer record and one lead per
 * session, ADR 012), so a submission that failed half-way is simply sent again from the start.
 */
export async function sendSubmission(submission: ContactSubmission): Promise<void> {
  const { customer } = await api.post<{ customer: Customer }>(
    '/api/customers',
    submission.customer,
  );
  await api.patch(`/api/sessions/${encodeURIComponent(submission.sessionId)}/link-customer`, {
    customerId: customer.id,
    ...submission.link,
  });
  const { lead } = await api.post<{ lead: { id: string } }>('/api/leads', {
    ...submission.lead,
    customerId: customer.id,
  });
  // attribution and the GA4 lead event: loaded now, never awaited (a failure is logged only)
  void import('#web/lib/attribution.ts')
    .then(({ linkContact }) => linkContact(lead.id, submission.customer))
    .catch(() => {});
}
