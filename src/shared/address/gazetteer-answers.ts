import type { AddressPrediction, PlaceDetails } from './address.contract';
import type { GazetteerIndex, IndexedLocality } from './gazetteer-index';
import { decodePlaceId, encodePlaceId } from './gazetteer-place-id';
import { searchGazetteer, type GazetteerMatch } from './gazetteer-search';
import type { StreetLine } from './street-line';

// The offline gazetteer's answers, pure: the server's provider (src/server/integrations/maps)
// and the static demo build (src/web/lib/demo) both answer with these.

// More than the five the API shows: the Victoria-only filter runs after the provider.
const maxCandidates = 20;

const stateNames: Record<string, string> = {
  VIC: 'Victoria',
  NSW: 'New South Wales',
  QLD: 'Queensland',
  SA: 'South Australia',
  WA: 'Western Australia',
  TAS: 'Tasmania',
  NT: 'Northern Territory',
  ACT: 'Australian Capital Territory',
};

/** Up to 20 suggestions for what was typed, best first. */
export function suggestFromGazetteer(index: GazetteerIndex, query: string): AddressPrediction[] {
  return searchGazetteer(index, query).slice(0, maxCandidates).map(toPrediction);
}

/** The details of one suggestion's place id; null when the id names no locality. */
export function placeFromGazetteer(index: GazetteerIndex, placeId: string): PlaceDetails | null {
  const ref = decodePlaceId(placeId);
  if (!ref) return null;
  const locality = index.byKey.get(ref.localityKey);
  return locality ? toPlaceDetails(placeId, ref.street, locality) : null;
}

function localityLine({ name, state, postcode }: IndexedLocality): string {
  return `${name} ${state} ${postcode}`;
}

function toPrediction({ street, locality }: GazetteerMatch): AddressPrediction {
  const placeId = encodePlaceId(street, locality.key);
  if (!street) {
    return {
      placeId,
      description: localityLine(locality),
      mainText: locality.name,
      secondaryText: `${locality.state} ${locality.postcode}`,
      types: ['locality', 'political'],
    };
  }
  return {
    placeId,
    description: `${street.text}, ${localityLine(locality)}`,
    mainText: street.text,
    secondaryText: localityLine(locality),
    types: [street.number ? 'street_address' : 'route'],
  };
}

function toPlaceDetails(
  placeId: string,
  street: StreetLine | null,
  locality: IndexedLocality,
): PlaceDetails {
  const components = [
    ...(street?.number ? [component(street.number, street.number, 'street_number')] : []),
    ...(street ? [component(street.route, street.routeShort, 'route')] : []),
    component(locality.name, locality.name, 'locality', 'political'),
    component(
      stateNames[locality.state] ?? locality.state,
      locality.state,
      'administrative_area_level_1',
      'political',
    ),
    component('Australia', 'AU', 'country', 'political'),
    component(locality.postcode, locality.postcode, 'postal_code'),
  ];
  return {
    placeId,
    formattedAddress: street ? `${street.text}, ${localityLine(locality)}` : localityLine(locality),
    name: street?.text ?? locality.name,
    // The locality's position: the gazetteer knows suburbs, not houses.
    location: { lat: locality.lat, lng: locality.lng },
    addressComponents: components,
    state: locality.state,
    suburb: locality.name,
    postcode: locality.postcode,
  };
}

function component(longName: string, shortName: string, ...types: string[]) {
  return { longName, shortName, types };
}
