import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import { createGazetteerProvider } from './gazetteer-provider';
import { createGooglePlacesProvider } from './google-places-provider';
import type { MapsProvider } from './maps-provider';

/** Google when a key is configured, else the offline gazetteer. */
export function createMapsProvider(config: Config, log?: FastifyBaseLogger): MapsProvider {
  const { googleApiKey, googleBaseUrl } = config.maps;
  if (googleApiKey) {
    return createGooglePlacesProvider({ apiKey: googleApiKey, baseUrl: googleBaseUrl });
  }
  // Tests build many apps that never search: they load the gazetteer on first use instead.
  return createGazetteerProvider({ log, warmUp: config.env !== 'test' });
}
