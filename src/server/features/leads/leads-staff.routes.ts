import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadListQuerySchema, leadListResponseSchema } from '#shared/leads/leads.contract.ts';
import { listLeads } from './lead-list.service';

/** The leads back office (issue 10): staff and admin; every route 401 to anonymous callers. */
export const leadsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/leads',
    {
      onRequest: app.requireStaff,
      schema: {
        description:
          'Leads for /leads: filters that combine, one search box (name, e-mail, phone typed any way, suburb), three sorts, keyset pages (nextCursor) that never repeat or skip a lead while new ones arrive, and counts per stage on the first page.',
        querystring: leadListQuerySchema,
        response: { 200: leadListResponseSchema },
      },
    },
    async (request) => listLeads(db, request.query, app.now()),
  );
};
