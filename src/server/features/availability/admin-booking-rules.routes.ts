import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBookingRulesResponseSchema,
  bookingRulesPreviewSchema,
  updateBookingRulesSchema,
} from '../../../shared/admin/booking-rules.contract';
import { acceptSnakeCase } from '../../lib/snake-case';
import { previewBookingRules, readAdminBookingRules } from './booking-rules-preview.service';

/**
 * Admin only: the whole rules (with the staff list the public GET leaves out) and a preview of
 * draft rules. The save is POST /api/trak/settings/booking-rules (admin-settings).
 */
export const adminBookingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/admin/booking-rules',
    { schema: { response: { 200: adminBookingRulesResponseSchema } } },
    async () => ({ rules: await readAdminBookingRules(db) }),
  );

  app.post(
    '/admin/booking-rules/preview',
    {
      schema: {
        body: acceptSnakeCase(updateBookingRulesSchema),
        response: { 200: bookingRulesPreviewSchema },
      },
    },
    async (request) => previewBookingRules(db, request.body, app.now()),
  );
};
