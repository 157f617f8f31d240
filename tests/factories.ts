import { randomUUID } from 'node:crypto';
import type { CustomerInput, LeadInput } from '#shared/contact/contact.contract.ts';
import { gazetteerPlace } from './helpers/places';

/**
 * A mobile number of its own ('0412 xxx xxx'): a second person with the same number would
 * continue the first one's open lead (ADR 043). Always in 0412, a range libphonenumber knows
 * as mobile: not every 04xx is (0445 is not), and a text is never sent to an invalid number.
 */
export function uniqueMobile(): string {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  return `0412 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** A valid customer as the Contact form sends it; override what the test is about. */
export function makeCustomerInput(overrides: Partial<CustomerInput> = {}): CustomerInput {
  return {
    firstName: 'Alex',
    lastName: 'Nguyen',
    email: `alex.${randomUUID().slice(0, 8)}@example.com`,
    phone: uniqueMobile(),
    // a suggestion the offline gazetteer resolves: the server looks its place up itself
    ...gazetteerPlace('12 Smith Street', 'Fitzroy', '3065'),
    ...overrides,
  };
}

export function makeLeadInput(
  ids: { sessionId: string; customerId: string },
  overrides: Partial<LeadInput> = {},
): LeadInput {
  const { structuredAddress, firstName, lastName, email, phone, address } = makeCustomerInput();
  return {
    ...ids,
    bookingOption: 'estimate',
    contactFormData: { firstName, lastName, email, phone, address, structuredAddress },
    utm: { source: 'google', medium: 'cpc', campaign: 'spring' },
    referrer: 'https://www.google.com/',
    landingPage: '/?utm_source=google&utm_medium=cpc&utm_campaign=spring',
    ...overrides,
  };
}
