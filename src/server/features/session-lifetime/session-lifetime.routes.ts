import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  sessionActivityInputSchema,
  sessionActivityResponseSchema,
  sessionExpiredInputSchema,
  sessionExpiredResponseSchema,
  sessionStatusInputSchema,
  sessionStatusResponseSchema,
} from '#shared/session/session.contract.ts';
import { analyticsLimit } from '#server/lib/analytics-limit.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import {
  readSessionStatus,
  recordActivity,
  recordSessionExpired,
} from './session-lifetime.service';

/** Spec §4 "Session lifetime" and §7: the browser's session timer, kept on the server. */
export const sessionLifetimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const limit = analyticsLimit(app);

  app.post(
    '/analytics/session/status',
    {
      onRequest: limit,
      schema: {
        description:
          'The session status from its last recorded activity: expired after 60 minutes, a warning from 55 (message as in spec §8). timeUntilExpiry in milliseconds, null for a session the server has never seen.',
        body: acceptSnakeCase(sessionStatusInputSchema),
        response: { 200: sessionStatusResponseSchema },
      },
    },
    async (request) => readSessionStatus(db, request.body.sessionId, app.now()),
  );

  app.post(
    '/analytics/session/activity',
    {
      onRequest: limit,
      schema: {
        description:
          'Activity in the browser (click, scroll, keypress, mousemove) extends the session; the browser sends it at most once every 30 s.',
        body: acceptSnakeCase(sessionActivityInputSchema),
        response: { 200: sessionActivityResponseSchema },
      },
    },
    async (request) => recordActivity(db, request.body.sessionId, app.now()),
  );

  app.post(
    '/analytics/session/expired',
    {
      onRequest: limit,
      schema: {
        description:
          'The browser session expired (spec §4): the new session, flagged expired, keeps customer data, form data, coordinates, UTM data and the estimate data; the date, slot and booking ids go and any slot the old session held is released. Repeating the notice changes nothing; 409 when the new session already replaced another one.',
        body: acceptSnakeCase(sessionExpiredInputSchema),
        response: { 200: sessionExpiredResponseSchema },
      },
    },
    async (request) => recordSessionExpired(db, request.body, app.now()),
  );
};
