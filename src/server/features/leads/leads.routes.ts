import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadInputSchema, leadResponseSchema } from '#shared/contact/contact.contract.ts';
import { caughtByHoneypot } from '#server/lib/honeypot.ts';
import { gaClientIdOf } from '#server/messages/ga4-messages.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { decoyLead, saveContactLead } from './leads.service';

export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/leads',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Starts the lead of this browser session (201), or answers the one it already has (200). A returning customer (e-mail or phone of a customer with an open lead younger than the setting returning_lead_days) continues that lead instead, with no second New lead e-mail (ADR 043); the answer then holds only what this session sent. 404 when the customer does not exist or was not made by this session (ADR 012). Rate-limited per client address.',
        body: acceptSnakeCase(leadInputSchema),
        response: { 200: leadResponseSchema, 201: leadResponseSchema },
      },
    },
    async (request, reply) => {
      if (caughtByHoneypot(request, request.body)) {
        return reply.code(201).send({ lead: decoyLead(request.body, app.now()) });
      }
      const { lead, created } = await saveContactLead(
        app.database.db,
        app.outbox,
        request.body,
        {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
          gaClientId: gaClientIdOf(request.cookies._ga),
          adConsent: request.headers['sec-gpc'] !== '1' && request.headers.dnt !== '1',
        },
        app.now(),
      );
      return reply.code(created ? 201 : 200).send({ lead });
    },
  );
};
