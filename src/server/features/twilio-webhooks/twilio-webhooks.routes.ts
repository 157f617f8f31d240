import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { verifyTwilioSignature } from '#server/integrations/sms/twilio-signature.ts';
import { readProviderSettings } from '#server/messages/provider-settings.ts';
import { handleInbound, handleStatus } from './twilio-webhooks.service';

// Twilio calls these (form-encoded, signed with the account's auth token): a reply to one of our
// texts (STOP ends further texts to that number) and a message's delivery receipt.

const formBody = z.record(z.string(), z.string());
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const unsigned = 'The request is not signed by Twilio.';

export const twilioWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // Only this plugin reads form bodies (encapsulated); small, as Twilio's are.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // Twilio signs the URL it was given: PUBLIC_URL when set (behind a proxy), else as received.
  app.addHook('preHandler', async (request) => {
    const base = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = new URL(request.url, base).toString();
    const settings = await readProviderSettings(db, app.settingSecrets);
    const token = settings.twilio_auth_token ?? '';
    const params = request.body as Record<string, string>;
    const signature = request.headers['x-twilio-signature'];
    if (
      !verifyTwilioSignature(
        token,
        url,
        params,
        typeof signature === 'string' ? signature : undefined,
      )
    ) {
      throw new HttpError(403, errorCodes.forbidden, unsigned);
    }
  });

  app.post(
    '/twilio/inbound',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description: 'Twilio: a text message sent to our number (STOP / START)',
        consumes: ['application/x-www-form-urlencoded'],
        body: formBody,
        produces: ['text/xml'],
        response: { 200: z.string().describe('Empty TwiML: no reply is sent.') },
      },
    },
    async (request, reply) => {
      await handleInbound(db, request.body);
      return reply.type('text/xml').send(emptyTwiml);
    },
  );

  app.post(
    '/twilio/status',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description: "Twilio: a text message's delivery receipt",
        consumes: ['application/x-www-form-urlencoded'],
        body: formBody,
        response: { 204: z.null().describe('Recorded.') },
      },
    },
    async (request, reply) => {
      await handleStatus(db, request.body, app.now());
      return reply.code(204).send(null);
    },
  );
};
