import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  brandImageLimits,
  brandImageMessages,
  brandImageNamePattern,
  brandImageResponseSchema,
} from '#shared/branding/branding.contract.ts';
import { createFileStorage } from '#server/integrations/storage/create-file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { brandImageTypes, brandKey, uploadBrandImage } from './brand-images.service';

const brandImagePartsSchema = z.object({
  file: z
    .string()
    .meta({ format: 'binary', contentMediaType: 'application/octet-stream' })
    .describe('One SVG (up to 256 KB), PNG or JPEG (up to 1 MB).'),
});
const brandImageParamsSchema = z.object({
  name: z.string().regex(brandImageNamePattern, 'Unknown image'),
});

/** POST /api/admin/brand-images: registered among the admin routes (admin-routes.ts). */
export const brandImagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    storage: createFileStorage(app.config.storage),
    tmpDir: app.config.storage.tmpDir,
  };
  // its own multipart limits: a logo is far smaller than a photo (busboy stops at fileSize)
  await app.register(multipart, {
    limits: { fileSize: brandImageLimits.maxBytes, files: 1, fields: 2, parts: 3 },
  });
  app.post(
    '/admin/brand-images',
    {
      schema: {
        description:
          'Admin only. Uploads a logo as multipart/form-data: an SVG (sanitised: no scripts, event handlers or references outside the file) or a PNG/JPEG (re-encoded without metadata), decided by content. Answers its public, content-hashed URL; Settings then saves it as the logo or a partner logo.',
        multipartBody: brandImagePartsSchema,
        response: { 201: brandImageResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw HttpError.badRequest(brandImageMessages.noFile, { file: brandImageMessages.noFile });
      }
      try {
        const image = await uploadBrandImage(deps, request.parts());
        return reply.code(201).send({ image });
      } catch (err) {
        if (!request.raw.complete) reply.header('connection', 'close');
        throw err;
      }
    },
  );
};

/** Public and immutable (a new image is a new name); an SVG opened on its own runs nothing. */
function sendImage(reply: FastifyReply, type: string, body: Readable) {
  return reply
    .type(type)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    )
    .header('cross-origin-resource-policy', 'same-origin')
    .send(body);
}

/** GET /api/brand-images/:name: public, and cached for ever (the name is the content's hash). */
export const brandImagesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createFileStorage(app.config.storage);
  app.get(
    '/brand-images/:name',
    {
      schema: {
        description:
          "The business's logo or a partner's logo, by its content-hashed name: public and immutable.",
        params: brandImageParamsSchema,
        response: {
          200: z
            .string()
            .meta({ format: 'binary', contentMediaType: 'application/octet-stream' })
            .describe('The image (SVG, PNG or JPEG).'),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const body = await storage.get(brandKey(name));
      if (!body) throw HttpError.notFound('Image not found.');
      const type = brandImageTypes[name.slice(name.lastIndexOf('.') + 1)] ?? 'image/png';
      return sendImage(reply, type, body);
    },
  );
};
