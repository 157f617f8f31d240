import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignLinkIdParamsSchema,
  campaignLinkListSchema,
  campaignLinkResponseSchema,
  campaignLinkStatsQuerySchema,
  campaignLinkStatsSchema,
  createCampaignLinkSchema,
} from '#shared/admin/campaign-links.contract.ts';
import { appUrlOf } from '#server/lib/app-url.ts';
import * as service from './campaign-links.service';

const qrFile = (contentType: string, what: string) =>
  z
    .string()
    .meta({ format: 'binary', contentMediaType: contentType })
    .describe(`${what}, as a download (Content-Disposition: attachment; <name>-qr.<ext>).`);

/** A QR code as a download; an SVG is an image, never a page (no sniffing, sandboxed). */
function sendQr(reply: FastifyReply, qr: Awaited<ReturnType<typeof service.campaignQr>>) {
  return reply
    .type(qr.contentType)
    .header('content-disposition', `attachment; filename="${qr.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(qr.body);
}

/** Campaign links and their QR codes (issue 30); registered under the admin guard (admin-routes.ts). */
export const adminCampaignLinksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const appUrl = (request: { protocol: string; host: string }) =>
    appUrlOf(app.config.publicUrl, request);

  app.get(
    '/admin/campaign-links',
    {
      schema: {
        description:
          'Every saved campaign link, newest first, each with its `url`: the booking page with utm_source, utm_medium and utm_campaign (and the promo code as the #CODE the page reads), on PUBLIC_URL or else the address this request used.',
        response: { 200: campaignLinkListSchema },
      },
    },
    async (request) => ({ links: await service.listCampaignLinks(db, appUrl(request)) }),
  );
  app.post(
    '/admin/campaign-links',
    {
      schema: {
        description:
          'Saves a campaign link. `source`, `medium` and `campaign` are lowercase letters, digits, -, _ or . (e.g. van, offline, spring-2026); `promoCode`, when given, must be an existing active promo code.',
        body: createCampaignLinkSchema,
        response: { 201: campaignLinkResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        link: await service.createCampaignLink(
          db,
          request.body,
          request.staff?.id ?? null,
          appUrl(request),
        ),
      }),
  );
  app.delete(
    '/admin/campaign-links/:id',
    {
      schema: {
        description:
          'Deletes a saved link. Codes already printed keep working: the link is only tags on the booking page, and visits from it keep their source.',
        params: campaignLinkIdParamsSchema,
        response: { 204: z.null().describe('Deleted.') },
      },
    },
    async (request, reply) => {
      await service.deleteCampaignLink(db, request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const format of ['svg', 'png'] as const) {
    const contentType = format === 'svg' ? 'image/svg+xml' : 'image/png';
    app.get(
      `/admin/campaign-links/:id/qr.${format}`,
      {
        schema: {
          description:
            format === 'svg'
              ? "The link's QR code as SVG (error correction M, a 4-module quiet zone)."
              : `The link's QR code as a PNG for print: at least ${service.minPngWidth} px wide, whole pixels per module, error correction M, a 4-module quiet zone.`,
          params: campaignLinkIdParamsSchema,
          produces: [contentType],
          response: { 200: qrFile(contentType, `The QR code (${format.toUpperCase()})`) },
        },
      },
      async (request, reply) =>
        sendQr(reply, await service.campaignQr(db, request.params.id, format, appUrl(request))),
    );
  }
};

/** Each saved link's figures for the dashboard (staff and admin, as the dashboard is). */
export const campaignLinkStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/dashboard/campaign-links',
    {
      schema: {
        description:
          "Every saved campaign link, newest first, with its figures over a range of Melbourne days (the dashboard's; default the last 7): `visits`, browser sessions that landed with exactly its utm_source, utm_medium and utm_campaign in the range; `leads`, the distinct leads of those visits; `bookings`, those leads' bookings that are not cancelled.",
        querystring: campaignLinkStatsQuerySchema,
        response: { 200: campaignLinkStatsSchema },
      },
    },
    async (request) => service.campaignLinkStats(db, request.query, app.now()),
  );
};
