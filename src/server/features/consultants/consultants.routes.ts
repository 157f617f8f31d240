import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consultantIdParamsSchema,
  consultantListSchema,
  consultantResponseSchema,
  createConsultantSchema,
  updateConsultantSchema,
} from '#shared/admin/consultants.contract.ts';
import * as service from './consultants.service';

const deletedSchema = z.object({ success: z.literal(true) });

/** Admin CRUD of consultants; registered under the admin guard (src/server/admin-routes.ts). */
export const adminConsultantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const maps = (log: typeof app.log) => ({ maps: app.maps, log });

  app.get(
    '/admin/consultants',
    {
      schema: {
        description: 'Every consultant, active or not, first added first.',
        response: { 200: consultantListSchema },
      },
    },
    async () => ({ consultants: await service.listConsultants(db) }),
  );
  app.post(
    '/admin/consultants',
    {
      schema: {
        description:
          'Adds a consultant. `weeklyHours` per weekday in Melbourne wall time, `timeOff` as inclusive date ranges, `base` as the placeId of a chosen address suggestion (absent or null: the business base), `territory` as postcodes or a radius in km from the base.',
        body: createConsultantSchema,
        response: { 201: consultantResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        consultant: await service.createConsultant(db, request.body, maps(request.log)),
      }),
  );
  app.get(
    '/admin/consultants/:id',
    {
      schema: {
        description: 'One consultant.',
        params: consultantIdParamsSchema,
        response: { 200: consultantResponseSchema },
      },
    },
    async (request) => ({ consultant: await service.getConsultant(db, request.params.id) }),
  );
  app.patch(
    '/admin/consultants/:id',
    {
      schema: {
        description: 'Changes the fields sent; `base: null` goes back to the business base.',
        params: consultantIdParamsSchema,
        body: updateConsultantSchema,
        response: { 200: consultantResponseSchema },
      },
    },
    async (request) => ({
      consultant: await service.updateConsultant(
        db,
        request.params.id,
        request.body,
        maps(request.log),
      ),
    }),
  );
  app.delete(
    '/admin/consultants/:id',
    {
      schema: {
        description:
          'Deletes a consultant. Refused (409) while they have bookings to come, naming them: move those to another consultant first.',
        params: consultantIdParamsSchema,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      await service.deleteConsultant(db, request.params.id, app.now());
      return { success: true as const };
    },
  );
};
