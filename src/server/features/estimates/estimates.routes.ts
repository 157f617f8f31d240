import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionParamsSchema } from '#shared/contact/contact.contract.ts';
import { detailsBodySchema, detailsResponseSchema } from '#shared/estimate/details.contract.ts';
import {
  estimateRequestSchema,
  estimateResponseSchema,
} from '#shared/estimate/estimate.contract.ts';
import { savedEstimateResponseSchema } from '#shared/estimate/saved-estimate.contract.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { estimateForSession, savedEstimate, saveDetails } from './estimates.service';

export const estimatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const readLimit = app.publicReadLimit();

  app.put(
    '/sessions/:sessionId/details',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          "Saves the windows and pain points of the details step on the session's lead. Measurements are optional when the lead chose a consultation, else at least one is required.",
        params: sessionParamsSchema,
        body: acceptSnakeCase(detailsBodySchema),
        response: { 200: detailsResponseSchema },
      },
    },
    async (request) => ({
      lead: await saveDetails(db, request.params.sessionId, request.body, app.now()),
    }),
  );

  app.post(
    '/estimates',
    {
      onRequest: app.publicWriteLimit,
      // zod strips unknown keys: a price sent by the browser never reaches the service
      schema: {
        description:
          "Prices the described windows with the current pricing (and a promo code, if given) and saves the estimate on the session's lead. Prices sent by the browser are ignored.",
        body: acceptSnakeCase(estimateRequestSchema),
        response: { 200: estimateResponseSchema },
      },
    },
    async (request) => estimateForSession(db, request.body, app.now()),
  );

  // the Booking step reads what the Estimate step saved (a POST would price and save it again)
  app.get(
    '/sessions/:sessionId/estimate',
    {
      onRequest: readLimit,
      schema: {
        description:
          'The estimate the Estimate step saved for this browser session, without pricing it again.',
        params: sessionParamsSchema,
        response: { 200: savedEstimateResponseSchema },
      },
    },
    async (request) => savedEstimate(db, request.params.sessionId),
  );
};
