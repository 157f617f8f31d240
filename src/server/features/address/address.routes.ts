import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressSuggestQuerySchema,
  addressSuggestResponseSchema,
  placeDetailsResponseSchema,
} from '#shared/address/address.contract.ts';
import { placeDetails, suggestAddresses } from './address.service';

// Typing fires a search every 300 ms: a looser limit than the public writes, counted per address.
const perAddressLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };

// A wildcard, not "/place/:id": Fastify answers 414 for a :param over 100 characters, and both
// Google's address ids and ours can be longer. The service bounds the length instead.
const placeParamsSchema = z.object({ '*': z.string() });
const placeQuerySchema = addressSuggestQuerySchema.pick({ sessionToken: true });

/** GET /api/address/suggest?q=&sessionToken= and GET /api/address/place/:id?sessionToken= */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/suggest',
    {
      config: perAddressLimit,
      schema: {
        description:
          'Victorian address suggestions for what the customer typed (Google Places when configured, else the offline gazetteer). One sessionToken per search and the place lookup that ends it. 120 requests a minute per client address.',
        querystring: addressSuggestQuerySchema,
        response: { 200: addressSuggestResponseSchema },
      },
    },
    async (request) => {
      const { q, sessionToken } = request.query;
      const predictions = await suggestAddresses(app.maps, q, { sessionToken }, request.log);
      return { predictions };
    },
  );

  app.get(
    '/place/*',
    {
      config: perAddressLimit,
      schema: {
        description:
          'The full address of one suggestion (street, suburb, postcode, state, coordinates), by the id the suggestion carried.',
        params: placeParamsSchema,
        querystring: placeQuerySchema,
        response: { 200: placeDetailsResponseSchema },
      },
    },
    async (request) => {
      const { sessionToken } = request.query;
      const id = request.params['*'];
      const place = await placeDetails(app.maps, id, { sessionToken }, request.log);
      return { place };
    },
  );
};
