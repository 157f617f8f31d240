import type { StructuredAddress } from './contact.contract';

/**
 * What a customer record keeps of the chosen suggestion beside the address text (spec §3
 * Customer): the server stores these, the static demo answers them as the server does.
 */
export function customerAddressParts(place: StructuredAddress | null | undefined) {
  return {
    suburb: place?.suburb ?? null,
    postcode: place?.postcode ?? null,
    state: place?.state ?? null,
    placeId: place?.placeId ?? null,
    addressCoordinates: place?.coordinates ?? null,
  };
}
