import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  linkCustomerInputSchema,
  sessionParamsSchema,
  sessionResponseSchema,
} from '#shared/contact/contact.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { sessionOwnsCustomer } from '#server/db/customer-ownership.ts';
import { isForeignKeyViolation } from '#server/db/errors.ts';
import { linkSessionCustomer } from '#server/db/session-writes.ts';

export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.patch(
    '/sessions/:sessionId/link-customer',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Links the browser session to its customer record, with its current step and the campaign (UTM) data it landed with. 404 when the customer does not exist or was not made by this session (ADR 012).',
        params: sessionParamsSchema,
        body: acceptSnakeCase(linkCustomerInputSchema),
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const { customerId, currentStep, utmData } = request.body;
      // the same answer for another session's record as for none: ids are not to be probed
      if (!(await sessionOwnsCustomer(db, request.params.sessionId, customerId))) {
        throw HttpError.notFound('Customer not found.');
      }
      const row = await linkSessionCustomer(
        db,
        {
          sessionId: request.params.sessionId,
          customerId,
          currentStep,
          utmData,
        },
        app.now(),
      ).catch((err: unknown) => {
        throw isForeignKeyViolation(err) ? HttpError.notFound('Customer not found.') : err;
      });
      return {
        session: {
          sessionId: row.id,
          customerId: row.customerId,
          currentStep: row.currentStep,
          lastActivity: row.lastActivity.toISOString(),
        },
      };
    },
  );
};
