import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listMessagesQuerySchema,
  listMessagesResponseSchema,
  messageParamsSchema,
  messageResponseSchema,
  messagesMessages as mm,
  sendTestBodySchema,
} from '#shared/admin/messages.contract.ts';
import { listMessages, retryMessage, sendTestMessage } from './messages-admin.service';

/** Admin only (registered inside adminRoutes): Settings → Messages. */
export const adminMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/messages',
    {
      schema: {
        description: 'Outbound messages, newest first, with their delivery state',
        querystring: listMessagesQuerySchema,
        response: { 200: listMessagesResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await listMessages(db, request.query)) }),
  );

  app.post(
    '/messages/:id/retry',
    {
      schema: {
        description: 'Sends a failed message again, with a fresh set of tries',
        params: messageParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await retryMessage(db, app.outbox, request.params.id),
      notice: mm.retried,
    }),
  );

  app.post(
    '/messages/test',
    {
      schema: {
        description:
          'Queues a test message through one channel: to the business, or for a text message to the mobile given as `to`',
        body: sendTestBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await sendTestMessage(db, app.outbox, request.body, app.now()),
      notice: mm.testQueued,
    }),
  );
};
