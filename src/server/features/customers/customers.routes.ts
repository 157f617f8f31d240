import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerInputSchema, customerResponseSchema } from '#shared/contact/contact.contract.ts';
import {
  customerLookupQuerySchema,
  customerLookupResponseSchema,
} from '#shared/leads/customer-records.contract.ts';
import { caughtByHoneypot } from '#server/lib/honeypot.ts';
import { acceptSnakeCase } from '#server/lib/snake-case.ts';
import { toCustomerDto } from '#server/lib/customer-dto.ts';
import { decoyCustomer, lookupCustomers, saveCustomer } from './customers.service';

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          "Saves the Contact step's details as the customer record of this browser session. Always 201, also for an e-mail already on file (a second record then points at the first): no answer tells who is a customer. Rate-limited per client address.",
        body: acceptSnakeCase(customerInputSchema),
        // always 201: a 200 for a known e-mail would tell anyone who is a customer (ADR 012)
        response: { 201: customerResponseSchema },
      },
    },
    async (request, reply) => {
      if (caughtByHoneypot(request, request.body)) {
        return reply.code(201).send({ customer: decoyCustomer(request.body, app.now()) });
      }
      const row = await saveCustomer(app.database.db, request.body, {
        maps: app.maps,
        log: request.log,
      });
      return reply.code(201).send({ customer: toCustomerDto(row) });
    },
  );
};

/** Spec §7; staff only (registered inside staffRoutes): a lookup by e-mail would tell anyone
 * who is a customer (ARCHITECTURE.md). */
export const customersStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        description:
          'The customer records with this e-mail, oldest first (several until staff merge them), and the first as `customer` (null when none).',
        querystring: customerLookupQuerySchema,
        response: { 200: customerLookupResponseSchema },
      },
    },
    async (request) => lookupCustomers(app.database.db, request.query.email),
  );
};
