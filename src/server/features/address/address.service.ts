import type { FastifyBaseLogger } from 'fastify';
import { suggestionsToOffer } from '#shared/address/address-rules.ts';
import type { AddressPrediction, PlaceDetails } from '#shared/address/address.contract.ts';
import { askMaps, maxPlaceIdLength } from '#server/lib/customer-place.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { MapsProvider, MapsRequestOptions } from '#server/integrations/maps/maps-provider.ts';

const maxPredictions = 5;

/**
 * At most five suggestions, best first, of those whose text names vic, victoria or melbourne;
 * when none does, the matches in other states, marked (issue 15 item 4).
 */
export async function suggestAddresses(
  maps: MapsProvider,
  query: string,
  opts: MapsRequestOptions,
  log: FastifyBaseLogger,
): Promise<AddressPrediction[]> {
  const predictions = await askMaps(() => maps.suggest(query, opts), log);
  return suggestionsToOffer(predictions, maxPredictions);
}

/** Details of a suggestion; the Victoria check is the form's, so any Australian place is answered. */
export async function placeDetails(
  maps: MapsProvider,
  placeId: string,
  opts: MapsRequestOptions,
  log: FastifyBaseLogger,
): Promise<PlaceDetails> {
  if (placeId === '' || placeId.length > maxPlaceIdLength) throw notFound();
  const place = await askMaps(() => maps.place(placeId, opts), log);
  if (!place) throw notFound();
  return place;
}

function notFound() {
  return HttpError.notFound('Address not found');
}
