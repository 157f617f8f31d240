import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  utmCaptureInputSchema,
  utmCaptureResponseSchema,
  utmLinkLeadInputSchema,
  utmLinkLeadResponseSchema,
  utmSendGa4InputSchema,
  utmSendGa4ResponseSchema,
} from '#shared/attribution/utm.contract.ts';
import { gaClientIdOf, optedOutOfTracking } from '#server/messages/ga4-messages.ts';
import { captureLanding, linkLead, sendGa4Event, type RequestFacts } from './attribution.service';

const factsOf = (request: FastifyRequest): RequestFacts => ({
  ipAddress: request.ip,
  userAgent: request.headers['user-agent'],
  optedOut: optedOutOfTracking(request.headers),
  cookieClientId: gaClientIdOf(request.cookies._ga),
});

/** Spec §7 "UTM and ad tracking": where a visit came from, kept and tied to its lead. */
export const attributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.post(
    '/utm/capture',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Records a landing of this browser session: utm tags, ad click ids (gclid, gbraid/gbraidid, wbraid, gad_source, gad_campaignid, fbclid), page URL and referrer. Without parameters the referrer decides the family (organic, social, referral, direct). The same landing again in the session is not new (isNew false, same utmTrackingId). shouldSendGA4: GA4 is configured, turned on, and the browser sent neither Sec-GPC: 1 nor DNT: 1. Rate-limited per client address.',
        body: utmCaptureInputSchema,
        response: { 200: utmCaptureResponseSchema },
      },
    },
    async (request) => captureLanding(db, request.body, factsOf(request), app.now()),
  );

  app.post(
    '/utm/link-lead',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          "Contact submit: the session's landings are linked to its lead and customer, and the lead's source, medium, campaign, utm tags and click ids are filled from the landing that led to it. 404 when the capture or the lead is unknown, or the lead belongs to another session. Rate-limited per client address.",
        body: utmLinkLeadInputSchema,
        response: { 200: utmLinkLeadResponseSchema },
      },
    },
    async (request) => linkLead(db, request.body),
  );

  app.post(
    '/utm/send-ga4-event',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          "Queues the lead's GA4 generate_lead (hashed e-mail and phone of the stored customer, never in clear) through the outbound messages, once per lead, and answers at once. The client id comes from the _ga cookie, else the body. The consent state is recorded on the lead first; nothing is queued (success false, with the reason) when GA4 is not configured, turned off in Settings, or the browser sent Sec-GPC: 1 or DNT: 1. 404 unknown capture, 409 capture not linked to a lead. Rate-limited per client address.",
        body: utmSendGa4InputSchema,
        response: { 200: utmSendGa4ResponseSchema },
      },
    },
    async (request) => sendGa4Event(db, app.outbox, request.body, factsOf(request), app.now()),
  );
};
