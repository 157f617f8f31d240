import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scheduleQuerySchema, scheduleSchema } from '#shared/staff/schedule.contract.ts';
import { readSchedule } from './schedule.service';

/** Staff only (registered inside staffRoutes): the day's appointments carry personal data. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/schedule',
    {
      schema: {
        description:
          'The days from `from` to `to` (at most 31) per consultant (one with `consultantId`): their working hours and their appointments with time, type, customer name, mobile, address, suburb, notes and the drive before each onsite visit in minutes.',
        querystring: scheduleQuerySchema,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => readSchedule(app.database.db, request.query, app.driveTimes),
  );
};
