import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingParamsSchema,
  bookingResponseSchema,
  createBookingResponseSchema,
  createBookingSchema,
  updateBookingSchema,
} from '#shared/booking/booking.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { createBooking, getBooking, setTrakJobId } from './bookings.service';

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // Public: 201 with the manage token once; 200 (token null) when the idempotency key repeats.
  app.post(
    '/bookings',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Books the slot this session holds. 201 with the manage token, sent only this once; 200 with a null token when the idempotency key repeats a booking already made. Rate-limited per client address.',
        body: acceptSnakeCase(createBookingSchema),
        response: { 200: createBookingResponseSchema, 201: createBookingResponseSchema },
      },
    },
    async (request, reply) => {
      const { created, ...body } = await createBooking(db, app.outbox, request.body, app.now());
      return reply.code(created ? 201 : 200).send(body);
    },
  );

  // Staff only: bookings carry personal data (ARCHITECTURE.md). onRequest, so an anonymous
  // caller gets 401 before the body is read.
  app.get(
    '/bookings/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        description: 'One booking.',
        params: bookingParamsSchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) => ({ booking: await getBooking(db, request.params.id) }),
  );

  app.patch(
    '/bookings/:id',
    {
      onRequest: app.requireStaff,
      schema: {
        description: "Records the job-tracking system's job id on a booking.",
        params: bookingParamsSchema,
        body: acceptSnakeCase(updateBookingSchema),
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) => ({
      booking: await setTrakJobId(db, request.params.id, request.body.trakJobId),
    }),
  );
};
