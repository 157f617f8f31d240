import type { z } from 'zod';
import {
  addressSearch,
  type AddressPrediction,
  type PlaceDetails,
} from '#shared/address/address.contract.ts';
import {
  googleAutocompleteSchema,
  googleDetailsSchema,
  type GoogleAddressComponent,
} from './google-places-schema';
import { MapsProviderError, type MapsProvider } from './maps-provider';

export interface GooglePlacesOptions {
  apiKey: string;
  /** https://maps.googleapis.com in production; a local fake in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

const detailsFields = 'formatted_address,name,geometry/location,address_components';

/**
 * Google Places (legacy web service) called from the server, so the key never reaches a browser.
 * OK and ZERO_RESULTS are answers; any other status, HTTP error, network error or time-out throws.
 */
export function createGooglePlacesProvider({
  apiKey,
  baseUrl,
  timeoutMs = 5000,
}: GooglePlacesOptions): MapsProvider {
  async function call<T extends z.ZodType>(
    path: string,
    params: Record<string, string>,
    schema: T,
  ) {
    // the path is set as a path: it can never name another host, whatever the base holds
    const url = new URL(baseUrl);
    url.pathname = path;
    if (url.origin !== new URL(baseUrl).origin) {
      throw new MapsProviderError(
        'Google Places address refused: the request would leave its host',
      );
    }
    for (const [name, value] of Object.entries({ ...params, key: apiKey })) {
      url.searchParams.set(name, value);
    }
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok)
        throw new MapsProviderError(`Google Places answered HTTP ${response.status}`);
      body = await response.json();
    } catch (err) {
      if (err instanceof MapsProviderError) throw err;
      // The cause names the failure (time-out, refused); the message stays free of the URL and key.
      throw new MapsProviderError(`Google Places request to ${path} failed`, { cause: err });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new MapsProviderError(`Google Places answered an unexpected shape`);
    return parsed.data as z.output<T>;
  }

  return {
    async suggest(query, { sessionToken }) {
      const { centre, radiusMeters } = addressSearch;
      const answer = await call(
        '/maps/api/place/autocomplete/json',
        {
          input: query,
          components: 'country:au',
          location: `${centre.lat},${centre.lng}`,
          radius: String(radiusMeters),
          types: 'address',
          ...(sessionToken && { sessiontoken: sessionToken }),
        },
        googleAutocompleteSchema,
      );
      if (answer.status === 'ZERO_RESULTS') return [];
      if (answer.status !== 'OK') throw statusError(answer.status);
      return answer.predictions.map((p): AddressPrediction => ({
        placeId: p.place_id,
        description: p.description,
        mainText: p.structured_formatting?.main_text ?? p.description,
        secondaryText: p.structured_formatting?.secondary_text ?? '',
        types: p.types,
      }));
    },

    async place(placeId, { sessionToken }) {
      const answer = await call(
        '/maps/api/place/details/json',
        {
          place_id: placeId,
          fields: detailsFields,
          ...(sessionToken && { sessiontoken: sessionToken }),
        },
        googleDetailsSchema,
      );
      // NOT_FOUND: the id is unknown or expired; like ZERO_RESULTS it is an answer, not a failure.
      if (answer.status === 'ZERO_RESULTS' || answer.status === 'NOT_FOUND') return null;
      if (answer.status !== 'OK') throw statusError(answer.status);
      if (!answer.result) return null;
      const { result } = answer;
      const components = result.address_components;
      return {
        placeId,
        formattedAddress: result.formatted_address,
        name: result.name,
        location: { lat: result.geometry.location.lat, lng: result.geometry.location.lng },
        addressComponents: components.map((c) => ({
          longName: c.long_name,
          shortName: c.short_name,
          types: c.types,
        })),
        state: pick(components, 'administrative_area_level_1')?.short_name ?? null,
        suburb:
          (pick(components, 'locality') ?? pick(components, 'sublocality'))?.long_name ?? null,
        postcode: pick(components, 'postal_code')?.long_name ?? null,
      } satisfies PlaceDetails;
    },
  };
}

function statusError(status: string): MapsProviderError {
  return new MapsProviderError(`Google Places answered status ${status.slice(0, 40)}`);
}

function pick(components: GoogleAddressComponent[], type: string) {
  return components.find((c) => c.types.includes(type));
}
