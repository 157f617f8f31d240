import type { FastifyBaseLogger } from 'fastify';
import type { AddressPrediction, PlaceDetails } from '#shared/address/address.contract.ts';
import { readGazetteerFile } from './gazetteer-data';
import { buildGazetteerIndex, type GazetteerIndex, type IndexedLocality } from './gazetteer-index';
import { decodePlaceId, encodePlaceId } from './gazetteer-place-id';
import { searchGazetteer, type GazetteerMatch } from './gazetteer-search';
import { MapsProviderError, type MapsProvider } from './maps-provider';
import type { StreetLine } from './street-line';

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

// One index per process, whatever the number of apps: the data never changes while it runs.
let sharedIndex: Promise<GazetteerIndex> | undefined;

export function loadGazetteerIndex(log?: FastifyBaseLogger): Promise<GazetteerIndex> {
  sharedIndex ??= (async () => {
    const started = performance.now();
    const index = buildGazetteerIndex(await readGazetteerFile());
    const buildMs = Math.round(performance.now() - started);
    log?.info({ localities: index.size, buildMs }, 'address gazetteer ready');
    return index;
  })().catch((err: unknown) => {
    sharedIndex = undefined; // a later request tries again
    throw new MapsProviderError('Address gazetteer could not be loaded', { cause: err });
  });
  return sharedIndex;
}

/**
 * The offline provider. With warmUp the index starts building now, in the background, so the first
 * customer does not wait for it; otherwise on the first search.
 */
export function createGazetteerProvider({
  log,
  warmUp = false,
}: { log?: FastifyBaseLogger | undefined; warmUp?: boolean } = {}): MapsProvider {
  if (warmUp) {
    loadGazetteerIndex(log).catch((err: unknown) =>
      log?.error({ err }, 'address gazetteer failed'),
    );
  }
  return {
    async suggest(query) {
      const index = await loadGazetteerIndex(log);
      return searchGazetteer(index, query).slice(0, maxCandidates).map(toPrediction);
    },
    async place(placeId) {
      const ref = decodePlaceId(placeId);
      if (!ref) return null;
      const locality = (await loadGazetteerIndex(log)).byKey.get(ref.localityKey);
      return locality ? toPlaceDetails(placeId, ref.street, locality) : null;
    },
  };
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
