import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingOptionsResponseSchema,
  painPointsResponseSchema,
} from '#shared/catalogue/catalogue.contract.ts';
import { listActiveBookingOptions, listActivePainPoints } from './catalogue.repository';

/** Public reads of the catalogue; the staff issue adds the writes. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/pain-points',
    {
      schema: {
        description: 'The active pain points a customer can pick on the details step.',
        response: { 200: painPointsResponseSchema },
      },
    },
    async () => {
      const rows = await listActivePainPoints(db);
      return {
        painPoints: rows.map(({ id, name, description, active }) => ({
          id,
          name,
          description,
          active,
        })),
      };
    },
  );

  app.get(
    '/booking-options',
    {
      schema: {
        description:
          'The active booking options of the Contact step (phone or onsite consultation), with their durations in minutes.',
        response: { 200: bookingOptionsResponseSchema },
      },
    },
    async () => {
      const rows = await listActiveBookingOptions(db);
      return {
        bookingOptions: rows.map((row) => ({
          id: row.id,
          label: row.label,
          description: row.description,
          duration: row.durationMinutes,
        })),
      };
    },
  );
};
