import { randomUUID } from 'node:crypto';
import type { CustomerInput, LeadInput } from '#shared/contact/contact.contract.ts';

/** A valid customer as the Contact form sends it; override what the test is about. */
export function makeCustomerInput(overrides: Partial<CustomerInput> = {}): CustomerInput {
  return {
    firstName: 'Alex',
    lastName: 'Nguyen',
    email: `alex.${randomUUID().slice(0, 8)}@example.com`,
    phone: '0412 345 678',
    address: '12 Smith Street, Fitzroy VIC 3065',
    structuredAddress: {
      placeId: 'test-place-fitzroy',
      formattedAddress: '12 Smith Street, Fitzroy VIC 3065',
      suburb: 'Fitzroy',
      postcode: '3065',
      state: 'VIC',
      coordinates: { lat: -37.7983, lng: 144.9784 },
    },
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
