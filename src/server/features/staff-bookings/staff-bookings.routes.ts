import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityResponseSchema } from '#shared/booking/booking.contract.ts';
import {
  phoneInBookingSchema,
  phoneInResponseSchema,
  staffAvailabilityQuerySchema,
} from '#shared/staff/phone-in.contract.ts';
import { staffActor } from '#server/db/staff-activity.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { bookPhoneIn, staffAvailability } from './staff-bookings.service';

/** Staff only (registered inside staffRoutes): bookings made for customers who phone in. */
export const staffBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const maps = (log: typeof app.log) => ({ maps: app.maps, log, driveTimes: app.driveTimes });

  app.get(
    '/staff/availability',
    {
      schema: {
        description:
          "The free times of the horizon for a service as the booking page would offer them to an address: onsite needs `placeId` (a chosen suggestion) or `bookingId` (a booking being moved: its own time and drives are not in the way). `consultantId` keeps one consultant's times.",
        querystring: staffAvailabilityQuerySchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => staffAvailability(db, request.query, maps(request.log), app.now()),
  );

  app.post(
    '/staff/bookings',
    {
      schema: {
        description:
          "Books a customer who phoned in: makes their record (address resolved from `placeId`, Victoria only), a lead with source 'phone' and the booking at a time /api/staff/availability offers (optionally with one consultant), and sends the booking's messages (the customer's e-mail and text when given). 201; 400 for a time not offered, 409 SLOT_TAKEN when it was just taken.",
        body: acceptSnakeCase(phoneInBookingSchema),
        response: { 201: phoneInResponseSchema },
      },
    },
    async (request, reply) => {
      const booked = await bookPhoneIn(
        db,
        app.outbox,
        request.body,
        staffActor(request.staff),
        maps(request.log),
        app.now(),
      );
      return reply.code(201).send(booked);
    },
  );
};
