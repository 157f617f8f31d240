import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  manageBookingResponseSchema,
  manageParamsSchema,
  rescheduleSchema,
} from '#shared/booking/booking.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { cancel, manageAvailability, readManagedBooking, reschedule } from './manage.service';

/** The customer's own booking through the secret token of the confirmation (no sign-in). */
export const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // Reads get their own budget; changes share the public write budget.
  const readLimit = app.publicReadLimit();
  const response = { 200: manageBookingResponseSchema };

  app.get(
    '/manage/:token',
    {
      onRequest: readLimit,
      schema: {
        description: "The customer's own booking, by the secret token of its confirmation.",
        params: manageParamsSchema,
        response,
      },
    },
    async (request) => readManagedBooking(db, request.params.token, app.now()),
  );

  app.get(
    '/manage/:token/availability',
    {
      onRequest: readLimit,
      schema: {
        description:
          "The free times the customer may move their booking to, for a service type: an onsite visit's worked out from its own place, with its own time and drives out of the way (hold one with POST /api/holds and the link's `manageToken`).",
        params: manageParamsSchema,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) =>
      manageAvailability(db, request.params.token, request.query, app.driveTimes, app.now()),
  );

  app.post(
    '/manage/:token/reschedule',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          "Changes the booking in one transaction: onto another free slot the customer holds (sessionId and reservationId), and/or to the other consultation type (onsite only while the job's pane count allows it) and new notes (empty clears them). A move sends the messages of a move; each change is in the booking's history. 400 when nothing would change.",
        params: manageParamsSchema,
        body: acceptSnakeCase(rescheduleSchema),
        response,
      },
    },
    async (request) => reschedule(db, app.outbox, request.params.token, request.body, app.now()),
  );

  app.post(
    '/manage/:token/cancel',
    {
      onRequest: app.publicWriteLimit,
      schema: { description: 'Cancels the booking.', params: manageParamsSchema, response },
    },
    async (request) => cancel(db, app.outbox, request.params.token, app.now()),
  );
};
