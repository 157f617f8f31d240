import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  nextBookingDateResponseSchema,
} from '#shared/booking/booking.contract.ts';
import { answerJson, pickEncoding } from '#server/lib/availability-cache.ts';
import { cachedAvailability, fallbackBookingDate, firstBookableDate } from './availability.service';

/** Public reads of the booking calendar. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // A month of slots costs ~2 ms of CPU plus its queries (docs/benchmarks.md): one budget per
  // client address.
  const onRequest = app.publicReadLimit();

  app.get(
    '/availability',
    {
      onRequest,
      // sent as cached, already compressed when the client accepts it (ADR 024)
      compress: false,
      schema: {
        description:
          "Free consultation slots per day from `from` to `to` (default: the whole booking horizon) for a service type, after the booking rules, bookings and live holds. The asking session's own hold stays free to it.",
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request, typedReply) => {
      // the answer is JSON already serialised by the response schema (availability.service)
      const reply = typedReply as FastifyReply;
      const { availabilityCache: cache, driveTimes } = app;
      const { held, answer } = await cachedAvailability(
        cache,
        db,
        request.query,
        app.now(),
        driveTimes,
      );
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (!encoding) return reply.send(answerJson(answer));
      return reply.header('content-encoding', encoding).send(cache.encoded(held, answer, encoding));
    },
  );

  app.get(
    '/trak/next-booking-date',
    {
      onRequest,
      schema: {
        description: 'The first date with a free slot (tomorrow when it cannot be worked out).',
        response: { 200: nextBookingDateResponseSchema },
      },
    },
    async (request) => {
      const now = app.now();
      try {
        return { nextBookingDate: await firstBookableDate(db, now) };
      } catch (err) {
        request.log.warn({ err }, 'next booking date fell back to tomorrow');
        return { nextBookingDate: fallbackBookingDate(now) };
      }
    },
  );
};
