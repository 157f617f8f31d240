import { encodePlaceId } from '#shared/address/gazetteer-place-id.ts';
import { parseStreetLine } from '#shared/address/street-line.ts';

// Issue 28: the server resolves the chosen suggestion's id itself and keeps the provider's
// coordinates, never the browser's. Tests choose places the offline gazetteer knows, as the
// Contact form would after a search; the coordinates are the gazetteer's (its postcode centres).

/** A Victorian street address as the Contact form sends it after choosing a suggestion. */
export function gazetteerPlace(street: string, suburb: string, postcode: string) {
  const locality = `vic-${postcode}-${suburb.toLowerCase().replaceAll(' ', '-')}`;
  const line = parseStreetLine(street);
  if (!line) throw new Error(`not a street line: ${street}`);
  const address = `${street}, ${suburb} VIC ${postcode}`;
  return {
    address,
    structuredAddress: {
      placeId: encodePlaceId(line, locality),
      formattedAddress: address,
      suburb,
      postcode,
      state: 'VIC',
    },
  };
}

/** Where the gazetteer puts these localities (lat, lng), as the server stores them. */
export const gazetteerCentres = {
  fitzroy: { lat: -37.802608, lng: 144.977795 },
  frankston: { lat: -38.162578, lng: 145.135961 },
  sunbury: { lat: -37.56762, lng: 144.728973 },
} as const;
