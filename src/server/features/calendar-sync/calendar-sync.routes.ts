import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarSummarySchema,
  connectCalendarSchema,
  feedResponseSchema,
} from '#shared/admin/consultant-calendar.contract.ts';
import { consultantIdParamsSchema } from '#shared/admin/consultants.contract.ts';
import { refreshConsultantCalendar } from './busy-sync';
import * as connect from './calendar-connect.service';
import * as feed from './calendar-feed.service';

// A consultant's own calendar (issue 29, ADR 053): admin routes (registered under the admin
// guard, src/server/admin-routes.ts) and the public feed (its secret token is the key).

const doneSchema = z.object({ success: z.literal(true) });
const calendarResponseSchema = z.object({ calendar: calendarSummarySchema });

/** PUBLIC_URL, else the address this request came to (the admin's own, in development). */
const appUrlOf = (publicUrl: string | undefined, request: { protocol: string; host: string }) =>
  (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

export const adminCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const params = consultantIdParamsSchema;

  app.post(
    '/admin/consultants/:id/feed',
    {
      schema: {
        description:
          "Makes (or replaces) the consultant's secret calendar feed and answers its address, shown this once. The old address stops working.",
        params,
        response: { 200: feedResponseSchema },
      },
    },
    async (request) =>
      feed.makeFeed(db, request.params.id, app.now(), appUrlOf(app.config.publicUrl, request)),
  );
  app.delete(
    '/admin/consultants/:id/feed',
    {
      schema: {
        description: 'Revokes the feed: its address answers 404.',
        params,
        response: { 200: doneSchema },
      },
    },
    async (request) => {
      await feed.revokeFeed(db, request.params.id);
      return { success: true as const };
    },
  );
  app.put(
    '/admin/consultants/:id/calendar',
    {
      schema: {
        description:
          'Connects their calendar: CalDAV (url, username, app password; it also receives their bookings) or a private ICS address. Checked by one request first: a wrong password or an address that is not a calendar is refused (400) on its field.',
        params,
        body: connectCalendarSchema,
        response: { 200: calendarResponseSchema },
      },
    },
    async (request) => ({
      calendar: await connect.connectCalendar(db, request.params.id, request.body, {
        secrets: app.settingSecrets,
      }),
    }),
  );
  app.delete(
    '/admin/consultants/:id/calendar',
    {
      schema: {
        description: 'Disconnects their calendar: its busy times no longer apply. The feed stays.',
        params,
        response: { 200: doneSchema },
      },
    },
    async (request) => {
      await connect.disconnectCalendar(db, request.params.id);
      return { success: true as const };
    },
  );
  app.post(
    '/admin/consultants/:id/calendar/refresh',
    {
      schema: {
        description: 'Reads their busy times now; answers the calendar with its last sync.',
        params,
        response: { 200: calendarResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await connect.requireConsultant(db, id);
      await refreshConsultantCalendar(db, id, {
        now: app.now(),
        log: request.log,
        secrets: app.settingSecrets,
      });
      return { calendar: await connect.calendarOf(db, id) };
    },
  );
};

export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        description:
          "A consultant's bookings as a calendar to subscribe to, 30 days back through the booking horizon. The token is the secret; a revoked one answers 404.",
        params: z.object({ token: z.string().max(200) }),
        produces: ['text/calendar'],
        response: {
          200: z
            .string()
            .meta({ contentMediaType: 'text/calendar' })
            .describe('An iCalendar file (RFC 5545), METHOD:PUBLISH.'),
        },
      },
    },
    async (request, reply) => {
      const appUrl = appUrlOf(app.config.publicUrl, request);
      const file = await feed.feedFile(app.database.db, request.params.token, app.now(), appUrl);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(file);
    },
  );
};
