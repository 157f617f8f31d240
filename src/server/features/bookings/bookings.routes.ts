import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingParamsSchema,
  bookingResponseSchema,
  createBookingResponseSchema,
  createBookingSchema,
  updateBookingSchema,
} from '#shared/booking/booking.contract.ts';
import {
  staffBookingResponseSchema,
  staffCancelSchema,
  staffNoShowResponseSchema,
  staffNoShowSchema,
  staffRescheduleSchema,
} from '#shared/leads/lead-detail.contract.ts';
import { staffActor } from '#server/db/staff-activity.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import {
  staffCancel,
  staffReassign,
  staffReschedule,
  staffSetNoShow,
  staffSetTrakJobId,
} from './bookings-staff.service';
import { createBooking, getBooking } from './bookings.service';

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
};

/** Staff only (registered inside staffRoutes): bookings carry personal data (ARCHITECTURE.md). */
export const bookingsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/bookings/:id',
    {
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
      schema: {
        description:
          "Sets or clears (null or '') the job-tracking system's job id on a booking, and/or gives it to another consultant at the same time (`consultantId`: 409 SLOT_TAKEN when they are busy then, or the drives to and from their other visits do not allow it); each change recorded in the lead's timeline with the staff member's name.",
        params: bookingParamsSchema,
        body: acceptSnakeCase(updateBookingSchema),
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { trakJobId, consultantId } = request.body;
      const staff = staffActor(request.staff);
      let booking = consultantId
        ? await staffReassign(db, app.outbox, id, consultantId, staff, app.now(), app.driveTimes)
        : undefined;
      if (trakJobId !== undefined) {
        booking = await staffSetTrakJobId(db, id, trakJobId, staff, app.now());
      }
      return { booking: booking! };
    },
  );

  // Staff on the customer's behalf: the manage link's rules, exclusivity and messages.
  app.post(
    '/bookings/:id/reschedule',
    {
      schema: {
        description:
          "Moves a booking to another slot that /api/availability offers as free (staff, on the customer's behalf): refused once cancelled or started, 409 when the slot was just taken; the customer gets the same messages as from their manage link.",
        params: bookingParamsSchema,
        body: acceptSnakeCase(staffRescheduleSchema),
        response: { 200: staffBookingResponseSchema },
      },
    },
    async (request) => ({
      booking: await staffReschedule(
        db,
        app.outbox,
        request.params.id,
        request.body,
        staffActor(request.staff),
        app.now(),
        app.driveTimes,
      ),
    }),
  );

  app.post(
    '/bookings/:id/cancel',
    {
      schema: {
        description:
          "Cancels a booking on the customer's behalf (staff): the slot is free again, the row stays, the customer is told as from their manage link. Cancelling twice is harmless; a started booking cannot be cancelled.",
        params: bookingParamsSchema,
        body: acceptSnakeCase(staffCancelSchema),
        response: { 200: staffBookingResponseSchema },
      },
    },
    async (request) => ({
      booking: await staffCancel(
        db,
        app.outbox,
        request.params.id,
        request.body.reason,
        staffActor(request.staff),
        app.now(),
      ),
    }),
  );

  app.put(
    '/bookings/:id/no-show',
    {
      schema: {
        description:
          "Marks a booking whose time has started as a no-show (noShow true), or takes the mark back (false); recorded in the lead's timeline with the staff member's name and counted on the dashboard. Refused before the booking's start and once cancelled; marking twice is harmless.",
        params: bookingParamsSchema,
        body: acceptSnakeCase(staffNoShowSchema),
        response: { 200: staffNoShowResponseSchema },
      },
    },
    async (request) =>
      staffSetNoShow(
        db,
        request.params.id,
        request.body.noShow,
        staffActor(request.staff),
        app.now(),
      ),
  );
};
