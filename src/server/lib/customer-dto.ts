import type { Customer } from '#shared/contact/contact.contract.ts';
import type { customers } from '#server/db/schema/index.ts';

type CustomerRow = typeof customers.$inferSelect;

/** A customer row as the API answers it (spec §3 Customer). */
export function toCustomerDto(row: CustomerRow): Customer {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
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
