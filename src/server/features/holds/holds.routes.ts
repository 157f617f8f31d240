import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holdOwnerSchema,
  holdParamsSchema,
  holdReleaseQuerySchema,
  holdRequestSchema,
  holdSchema,
  sessionHoldSchema,
} from '#shared/booking/booking.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { createHold, readSessionHold, releaseHold, renewHold } from './holds.service';

/** Public: a browser session holds one slot for 10 minutes while the customer confirms. */
export const holdsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // a page reads its hold once as it opens: a read budget of its own, as the manage link has
  const readLimit = app.publicReadLimit();

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
    async (request, reply) =>
      reply.code(201).send(await createHold(db, request.body, app.now(), app.driveTimes)),
  );

  app.get(
    '/holds',
    {
      onRequest: readLimit,
      schema: {
        description:
          "The session's hold (its sessionId in the query), so a reloaded page shows the held time again: the hold while it lasts, `expired` once it ran out, neither when there is none.",
        querystring: acceptSnakeCase(holdOwnerSchema),
        response: { 200: sessionHoldSchema },
      },
    },
    async (request) => readSessionHold(db, request.query.sessionId, app.now()),
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
        description:
          "Releases the session's hold (its sessionId in the query): at once, or with afterSeconds (1–60) that many seconds later, as a page does while it unloads (a reload takes the hold back meanwhile); with expiresAt, the expiry the page last saw, a hold renewed since then is left alone.",
        params: holdParamsSchema,
        querystring: acceptSnakeCase(holdReleaseQuerySchema),
        response: { 204: z.null().describe('Released.') },
      },
    },
    async (request, reply) => {
      await releaseHold(db, { ...request.params, ...request.query }, app.now());
      return reply.code(204).send(null);
    },
  );
};
