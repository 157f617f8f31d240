import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holdOwnerSchema,
  holdParamsSchema,
  holdRequestSchema,
  holdSchema,
} from '#shared/booking/booking.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { createHold, releaseHold, renewHold } from './holds.service';

/** Public: a browser session holds one slot for 10 minutes while the customer confirms. */
export const holdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/holds',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Holds a free slot for this browser session for 10 minutes while the customer confirms; a session holds one slot at a time. 409 SLOT_TAKEN when another session holds or booked it.',
        body: acceptSnakeCase(holdRequestSchema),
        response: { 201: holdSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createHold(db, request.body, app.now())),
  );

  app.put(
    '/holds/:reservationId',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description: "Renews the session's hold for another 10 minutes.",
        params: holdParamsSchema,
        body: acceptSnakeCase(holdOwnerSchema),
        response: { 200: holdSchema },
      },
    },
    async (request) => renewHold(db, { ...request.params, ...request.body }, app.now()),
  );

  app.delete(
    '/holds/:reservationId',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description: "Releases the session's hold (its sessionId in the query).",
        params: holdParamsSchema,
        querystring: acceptSnakeCase(holdOwnerSchema),
        response: { 204: z.null().describe('Released.') },
      },
    },
    async (request, reply) => {
      await releaseHold(db, { ...request.params, ...request.query });
      return reply.code(204).send(null);
    },
  );
};
