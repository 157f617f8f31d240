import type { FastifyBaseLogger } from 'fastify';
import { submittedAddressProblem } from '#shared/address/address-rules.ts';
import { addressMessages, type PlaceDetails } from '#shared/address/address.contract.ts';
import type { MapsProvider } from '#server/integrations/maps/maps-provider.ts';
import { HttpError } from './http-error';

// Issue 28: a customer's place is what the server resolves from the chosen suggestion's id, never
// coordinates a browser sends: the drives to an onsite visit, and so the times offered, hang on it.

// Google's ids run to a few hundred characters; anything far longer is not an id.
export const maxPlaceIdLength = 1000;

/**
 * Asks the address provider. Whatever went wrong (refused, down, slow, data missing) the caller
 * gets one 503 with the message the form shows beside Retry; the cause goes to the log only.
 */
export async function askMaps<T>(ask: () => Promise<T>, log: FastifyBaseLogger): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    log.warn({ err }, 'address provider failed');
    throw HttpError.unavailable(addressMessages.unavailable);
  }
}

/**
 * The place a chosen suggestion's id names, for a record that keeps it (a customer's address, a
 * consultant's base): null when the id names none, 503 when the provider cannot answer.
 */
export async function chosenPlace(
  maps: MapsProvider,
  placeId: string,
  log: FastifyBaseLogger,
): Promise<PlaceDetails | null> {
  if (placeId === '' || placeId.length > maxPlaceIdLength) return null;
  return askMaps(() => maps.place(placeId, {}), log);
}

/** The address columns of a customer record. */
export interface CustomerAddress {
  address: string;
  suburb: string | null;
  postcode: string | null;
  state: string | null;
  placeId: string | null;
  structuredAddress: Record<string, unknown> | null;
  addressLat: number | null;
  addressLng: number | null;
}

/** The record's address columns for a place the provider answered. */
export function addressOfPlace(address: string, place: PlaceDetails): CustomerAddress {
  const { lat, lng } = place.location;
  return {
    address,
    suburb: place.suburb,
    postcode: place.postcode,
    state: place.state,
    placeId: place.placeId,
    structuredAddress: {
      placeId: place.placeId,
      formattedAddress: place.formattedAddress,
      suburb: place.suburb,
      postcode: place.postcode,
      state: place.state,
      coordinates: { lat, lng },
    },
    addressLat: lat,
    addressLng: lng,
  };
}

/**
 * The address as staff or a customer typed it, with the place of the chosen suggestion resolved
 * here: 400 (on `field`) outside Victoria or for an id that names no place, 503 when the provider
 * cannot answer. Without a place id only a text naming Victoria is accepted, and it has no place.
 */
export async function resolveCustomerAddress(
  maps: MapsProvider,
  log: FastifyBaseLogger,
  input: { address: string; placeId?: string | undefined },
  field = 'address',
): Promise<CustomerAddress> {
  const place = input.placeId ? await chosenPlace(maps, input.placeId, log) : null;
  if (input.placeId && !place) {
    const message = 'We could not find that address. Please choose one from the suggestions.';
    throw HttpError.badRequest(message, { [field]: message });
  }
  const problem = submittedAddressProblem({
    address: input.address,
    placeId: place?.placeId,
    state: place?.state,
  });
  if (problem) throw HttpError.badRequest(problem, { [field]: problem });
  if (place) return addressOfPlace(input.address, place);
  return {
    address: input.address,
    suburb: null,
    postcode: null,
    state: null,
    placeId: null,
    structuredAddress: null,
    addressLat: null,
    addressLng: null,
  };
}

/**
 * The Contact step's place (issue 28): the suggestion's id resolved here, its coordinates the
 * provider's. Null when the browser named no place, the id names none (a restored or hand-made
 * submission: the address stays as typed, without a place), or the provider cannot answer now
 * (the customer's details are saved all the same; onsite times then have no drive to work out).
 */
export async function placeOfSubmission(
  maps: MapsProvider,
  log: FastifyBaseLogger,
  placeId: string | undefined,
): Promise<PlaceDetails | null> {
  if (!placeId) return null;
  try {
    return await chosenPlace(maps, placeId, log);
  } catch {
    return null; // askMaps logged it
  }
}
