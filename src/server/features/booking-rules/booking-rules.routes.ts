import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBookingRulesResponseSchema,
  bookingRulesPreviewSchema,
  bookingRulesSavedSchema,
  updateBookingRulesSchema,
} from '#shared/admin/booking-rules.contract.ts';
import { bookingRulesResponseSchema } from '#shared/booking/booking.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import {
  bookingRulesView,
  previewBookingRules,
  readAdminBookingRules,
  saveBookingRules,
} from './booking-rules.service';

/** Public: the rules the booking calendar follows, in the spec's shape. */
export const bookingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/trak/settings/booking-rules',
    {
      onRequest: app.publicReadLimit(),
      schema: {
        description:
          'The booking rules the calendar follows (hours, slot length, notice, horizon, closed days), without the staff list.',
        response: { 200: bookingRulesResponseSchema },
      },
    },
    async () => bookingRulesView(db),
  );
};

/**
 * Admin only (registered under the admin guard, src/server/admin-routes.ts): the whole rules with
 * the staff list the public read leaves out, a preview of draft rules, and the save.
 */
export const adminBookingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/admin/booking-rules',
    {
      schema: {
        description: 'The whole booking rules, with the staff members bookings are shared between.',
        response: { 200: adminBookingRulesResponseSchema },
      },
    },
    async () => ({ rules: await readAdminBookingRules(db) }),
  );

  app.post(
    '/admin/booking-rules/preview',
    {
      schema: {
        description: 'The slots of the next 7 days as draft rules would offer them. Saves nothing.',
        body: acceptSnakeCase(updateBookingRulesSchema),
        response: { 200: bookingRulesPreviewSchema },
      },
    },
    async (request) => previewBookingRules(db, request.body, app.now()),
  );

  app.post(
    '/trak/settings/booking-rules',
    {
      schema: {
        description: 'Saves the booking rules; the calendar follows them from the next request.',
        body: acceptSnakeCase(updateBookingRulesSchema),
        response: { 200: bookingRulesSavedSchema },
      },
    },
    async (request) => ({
      success: true as const,
      rules: await saveBookingRules(db, request.body),
    }),
  );
};
