import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setupStatusSchema } from '#shared/settings/setup-checklist.ts';
import { readSetupStatus } from './setup-status';

/** The first-run checklist's state, for the staff screens that show it (staff and admin). */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/setup',
    {
      schema: {
        description:
          'Where the first run stands: which of the business details, base address and prices an admin has confirmed, whether e-mail is really sent and a test e-mail went out through the mail server, and where staff notices go now (the business e-mail once confirmed, until then the first admin).',
        response: { 200: setupStatusSchema },
      },
    },
    async () => readSetupStatus(db, app.config.messaging.smtpUrl),
  );
};
