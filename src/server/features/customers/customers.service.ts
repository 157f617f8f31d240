import { randomUUID } from 'node:crypto';
import { submittedAddressProblem } from '#shared/address/address-rules.ts';
import type { Customer, customerInputSchema } from '#shared/contact/contact.contract.ts';
import { customerAddressParts } from '#shared/contact/customer-address.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { toCustomerDto } from '#server/lib/customer-dto.ts';
import { addressOfPlace, placeOfSubmission } from '#server/lib/customer-place.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { MapsProvider } from '#server/integrations/maps/maps-provider.ts';
import {
  findCustomersByEmail,
  saveSessionCustomer,
  type CustomerDetails,
} from './customers.repository';

type CustomerInput = z.output<typeof customerInputSchema>;

/** The record's details as the browser sent them, without a place (no coordinates trusted). */
function typedDetails(input: CustomerInput): CustomerDetails {
  const { suburb, postcode, state } = customerAddressParts(input.structuredAddress);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    suburb,
    postcode,
    state,
    placeId: null,
    structuredAddress: input.structuredAddress ?? null,
    addressLat: null,
    addressLng: null,
  };
}

/**
 * Checks what the schema cannot (Victoria only) and saves the submission as the record of the
 * session that sent it (ADR 012). The place is the server's: the chosen suggestion's id is
 * resolved here, and its state and coordinates are the provider's (issue 28: the drives to an
 * onsite visit hang on them). The answer is that record only, so it is the same whether or not
 * the e-mail was known.
 */
export async function saveCustomer(
  db: Db,
  input: CustomerInput,
  { maps, log }: { maps: MapsProvider; log: FastifyBaseLogger },
) {
  const place = await placeOfSubmission(maps, log, input.structuredAddress?.placeId);
  const addressProblem = submittedAddressProblem({
    address: input.address,
    placeId: place?.placeId,
    state: place ? place.state : input.structuredAddress?.state,
  });
  if (addressProblem) throw HttpError.badRequest(addressProblem, { address: addressProblem });
  const details = typedDetails(input);
  return saveSessionCustomer(
    db,
    place ? { ...details, ...addressOfPlace(input.address, place) } : details,
    input.sessionId ?? null,
  );
}

/** What a discarded (honeypot) submission is answered with: looks real, stored nowhere. */
export function decoyCustomer(input: CustomerInput, now: Date): Customer {
  // as a real answer would look: the place as the browser had it (nothing is looked up for a bot)
  const { placeId, addressCoordinates } = customerAddressParts(input.structuredAddress);
  return toCustomerDto({
    ...typedDetails(input),
    placeId,
    addressLat: addressCoordinates?.lat ?? null,
    addressLng: addressCoordinates?.lng ?? null,
    id: randomUUID(),
    createdBySessionId: null,
    possibleDuplicateOf: null,
    phoneDigits: null,
    erasedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

/** GET /api/customers?email= (staff): every record with the e-mail, the first also alone. */
export async function lookupCustomers(db: Db, email: string) {
  const customers = (await findCustomersByEmail(db, email)).map(toCustomerDto);
  return { customer: customers[0] ?? null, customers };
}
