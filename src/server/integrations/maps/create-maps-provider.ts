import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import { createGoogleDriveTimes, estimatorDriveTimes, type DriveTimes } from './drive-times';
import { createGazetteerProvider } from './gazetteer-provider';
import { createGooglePlacesProvider } from './google-places-provider';
import { createGoogleRouteMatrix } from './google-route-matrix';
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

/** Google's route matrix when a key is configured (the estimator when it fails), else the estimator. */
export function createDriveTimes(config: Config, log?: FastifyBaseLogger): DriveTimes {
  const { googleApiKey, routesBaseUrl } = config.maps;
  if (!googleApiKey) return estimatorDriveTimes;
  const matrix = createGoogleRouteMatrix({ apiKey: googleApiKey, baseUrl: routesBaseUrl });
  return createGoogleDriveTimes({ matrix, log });
}
