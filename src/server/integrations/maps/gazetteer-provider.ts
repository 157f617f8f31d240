import type { FastifyBaseLogger } from 'fastify';
import { placeFromGazetteer, suggestFromGazetteer } from '#shared/address/gazetteer-answers.ts';
import { buildGazetteerIndex, type GazetteerIndex } from '#shared/address/gazetteer-index.ts';
import { readGazetteerFile } from './gazetteer-data';
import { MapsProviderError, type MapsProvider } from './maps-provider';

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
 * customer does not wait for it; otherwise on the first search. The answers themselves are the
 * pure functions of src/shared/address (the static demo build uses them too).
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
      return suggestFromGazetteer(await loadGazetteerIndex(log), query);
    },
    async place(placeId) {
      return placeFromGazetteer(await loadGazetteerIndex(log), placeId);
    },
  };
}
