import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sessionCompletedResponseSchema,
  sessionCompletedSchema,
} from '#shared/booking/booking.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { recordBookingSessionCompleted } from './session-events.service';

export const sessionEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics/session/completed',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Records that a browser session finished its booking (the conversion event of its campaign).',
        body: acceptSnakeCase(sessionCompletedSchema),
        response: { 200: sessionCompletedResponseSchema },
      },
    },
    async (request) => recordBookingSessionCompleted(app.database.db, request.body, app.now()),
  );
};
