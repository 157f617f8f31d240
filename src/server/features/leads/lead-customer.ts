import type { Customer } from '#shared/contact/contact.contract.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import type { CustomerRow } from './lead-detail.repository';

/** The customer as staff see it; an erased person shows as such, with nothing personal. */
export function toCustomerView(row: CustomerRow): Customer {
  const erased = row.erasedAt !== null;
  return {
    id: row.id,
    firstName: erased ? leadsMessages.erased : row.firstName,
    lastName: erased ? '' : row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    suburb: row.suburb,
    postcode: row.postcode,
    state: row.state,
    placeId: row.placeId,
    addressCoordinates:
      row.addressLat !== null && row.addressLng !== null
        ? { lat: row.addressLat, lng: row.addressLng }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
