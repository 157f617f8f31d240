import { randomUUID } from 'node:crypto';
import { submittedAddressProblem } from '#shared/address/address-rules.ts';
import type { Customer, customerInputSchema } from '#shared/contact/contact.contract.ts';
import { customerAddressParts } from '#shared/contact/customer-address.ts';
import type { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { toCustomerDto } from '#server/lib/customer-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import {
  findCustomersByEmail,
  saveSessionCustomer,
  type CustomerDetails,
} from './customers.repository';

type CustomerInput = z.output<typeof customerInputSchema>;

function toDetails(input: CustomerInput): CustomerDetails {
  const { addressCoordinates, ...parts } = customerAddressParts(input.structuredAddress);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    address: input.address,
    ...parts,
    structuredAddress: input.structuredAddress ?? null,
    addressLat: addressCoordinates?.lat ?? null,
    addressLng: addressCoordinates?.lng ?? null,
  };
}

/**
 * Checks what the schema cannot (Victoria only) and saves the submission as the record of the
 * session that sent it (ADR 012). The answer is that record only, so it is the same whether or
 * not the e-mail was known.
 */
export async function saveCustomer(db: Db, input: CustomerInput) {
  const addressProblem = submittedAddressProblem({
    address: input.address,
    placeId: input.structuredAddress?.placeId,
    state: input.structuredAddress?.state,
  });
  if (addressProblem) throw HttpError.badRequest(addressProblem, { address: addressProblem });
  return saveSessionCustomer(db, toDetails(input), input.sessionId ?? null);
}

/** What a discarded (honeypot) submission is answered with: looks real, stored nowhere. */
export function decoyCustomer(input: CustomerInput, now: Date): Customer {
  return toCustomerDto({
    ...toDetails(input),
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
