import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityInputSchema,
  activityResponseSchema,
  analyticsAcceptedSchema,
  analyticsInputSchema,
  analyticsReportQuerySchema,
  analyticsReportSchema,
} from '#shared/analytics/analytics.contract.ts';
import { analyticsLimit } from '#server/lib/analytics-limit.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { insertActivity } from './analytics.repository';
import { readAnalyticsReport, recordEvents } from './analytics.service';

/** Spec §7 "Analytics and session": events, journeys, activity rows, and the staff report. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const limit = analyticsLimit(app);

  app.post(
    '/analytics',
    {
      onRequest: limit,
      schema: {
        description:
          "Analytics events (spec §3): one event, or { events: [...] } with up to 100 (the browser batches; page abandonment comes as a beacon). journey_start / journey_step / journey_complete / journey_abandon also keep the session's journey and its current step.",
        body: acceptSnakeCase(analyticsInputSchema),
        response: { 200: analyticsAcceptedSchema },
      },
    },
    async (request) =>
      recordEvents(db, request.body.events, {
        now: app.now(),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/activities',
    {
      onRequest: limit,
      schema: {
        description: 'One activity row of spec §3 (what the visitor did, on which page).',
        body: acceptSnakeCase(activityInputSchema),
        response: { 200: activityResponseSchema },
      },
    },
    async (request) => {
      const row = await insertActivity(db, {
        ...request.body,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        // spec §3 lists the address; it is the one the rate limit sees
        ipAddress: request.ip,
        timestamp: app.now(),
      });
      return { id: row.id, timestamp: row.timestamp.toISOString() };
    },
  );
};

/** Staff only (registered inside staffRoutes): the analytics report. */
export const analyticsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/analytics',
    {
      schema: {
        description:
          'Staff report of analytics events in [start, end) (ISO date-times; the last 7 days by default): counts by action and page, journeys started, completed and abandoned, and the latest 200 events.',
        querystring: analyticsReportQuerySchema,
        response: { 200: analyticsReportSchema },
      },
    },
    async (request) => readAnalyticsReport(db, request.query, app.now()),
  );
};
