import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardQuerySchema,
  dashboardResponseSchema,
} from '#shared/dashboard/dashboard.contract.ts';
import { readDashboard } from './dashboard.service';

/** The owner's dashboard (issue 13): staff and admin; 401 to anonymous callers. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/dashboard',
    {
      schema: {
        description:
          'The dashboard for a range of Melbourne days (default the last 7): the funnel from visitors to won with conversion and drop-off per step, leads and bookings by source, campaign and click id family, estimate value (given, booked, by concern), promo codes used and their discount, bookings made, cancelled, rescheduled and no-shows, leads and bookings per day, the next 14 days of slots offered against taken, and the median speed to lead; each figure beside the previous period of the same length (compare=previous).',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => readDashboard(db, request.query, app.now()),
  );
};
