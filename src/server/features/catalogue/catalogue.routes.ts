import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookingOptionsResponseSchema,
  painPointsResponseSchema,
} from '#shared/catalogue/catalogue.contract.ts';
import { listActiveBookingOptions, listActivePainPoints } from './catalogue.repository';

/** Public reads of the catalogue; the staff issue adds the writes. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get('/pain-points', { schema: { response: { 200: painPointsResponseSchema } } }, async () => {
    const rows = await listActivePainPoints(db);
    return {
      painPoints: rows.map(({ id, name, description, active }) => ({
        id,
        name,
        description,
        active,
      })),
    };
  });

  app.get(
    '/booking-options',
    { schema: { response: { 200: bookingOptionsResponseSchema } } },
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
