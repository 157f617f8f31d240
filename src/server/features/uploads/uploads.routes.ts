import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  allowedUploadTypes,
  uploadLimits,
  uploadMessages,
  uploadParamsSchema,
  uploadPartsSchema,
  removeUploadQuerySchema,
  previewHeadersSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '#shared/uploads/uploads.contract.ts';
import { createFileStorage } from '#server/integrations/storage/create-file-storage.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { brandImagesPublicRoutes } from './brand-images.routes';
import { openStoredFile, sendStoredFile } from './serve-file';
import { removeSessionFile, uploadFile } from './uploads.service';

export interface UploadsRoutesOptions {
  /** Tests may pass their own; else chosen from config (S3 when a bucket is set). */
  storage?: FileStorage;
}

// The bytes go out as they are (a stream is never serialised): these only describe them.
const storedFileResponse = {
  200: z
    .string()
    .meta({ format: 'binary', contentMediaType: 'application/octet-stream' })
    .describe('The bytes, as a download (Content-Disposition: attachment).'),
};
const storedFileDocs = {
  content: {
    description: 'A stored file: a photo as stored (re-encoded, no metadata) or a PDF as sent.',
    produces: Object.keys(allowedUploadTypes),
  },
  thumbnail: { description: 'The WebP thumbnail of a stored photo.', produces: ['image/webp'] },
};

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, opts) => {
  const storage = opts.storage ?? createFileStorage(app.config.storage);
  const deps = { db: app.database.db, storage, tmpDir: app.config.storage.tmpDir };
  // the logos customers see (the admin's upload route is among the admin routes)
  await app.register(brandImagesPublicRoutes);

  // Registered here, so only these routes parse multipart. Busboy stops a file at fileSize (the
  // stream is marked truncated) and refuses a second file (files: 1).
  await app.register(multipart, {
    limits: {
      fileSize: uploadLimits.maxFileBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 10,
      headerPairs: 50,
    },
  });

  app.post(
    '/uploads',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Uploads one photo (JPEG, PNG, WebP, HEIC) or PDF of up to 15 MB for the lead of a browser session, as multipart/form-data. The type is decided from the content; photos are stored re-encoded without their metadata, with a thumbnail. At most 10 files per lead.',
        querystring: uploadQuerySchema,
        multipartBody: uploadPartsSchema,
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw HttpError.badRequest(uploadMessages.noFile, { file: uploadMessages.noFile });
      }
      try {
        const file = await uploadFile(deps, request.parts(), request.query.sessionId);
        return reply.code(201).send({ file });
      } catch (err) {
        // refused before the body was read to its end: close rather than read the rest
        if (!request.raw.complete) reply.header('connection', 'close');
        throw err;
      }
    },
  );

  // The customer's Remove: only a file uploaded in their own browser session.
  app.delete(
    '/uploads/:id',
    {
      onRequest: app.publicWriteLimit,
      schema: {
        description:
          'Removes a file uploaded in the same browser session (its sessionId in the query).',
        params: uploadParamsSchema,
        querystring: removeUploadQuerySchema,
        response: { 204: z.null().describe('Removed.') },
      },
    },
    async (request, reply) => {
      await removeSessionFile(deps, request.params.id, request.query.sessionId);
      return reply.code(204).send(null);
    },
  );

  // The customer's own thumbnail, on the Files step: only with the session id that uploaded it.
  // A budget of its own, so looking at ten photos costs no form its submissions.
  const previewLimit = app.publicReadLimit();
  app.get(
    '/uploads/:id/preview',
    {
      onRequest: previewLimit,
      schema: {
        description:
          'The WebP thumbnail of a photo uploaded in the same browser session (its sessionId in the X-Session-Id header, never in the URL). 404 for a file of another session or one without a thumbnail.',
        produces: ['image/webp'],
        params: uploadParamsSchema,
        headers: previewHeadersSchema,
        response: storedFileResponse,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const sessionId = request.headers['x-session-id'];
      return sendStoredFile(reply, await openStoredFile(deps, id, 'thumbnail', sessionId));
    },
  );
};

/** Staff only (registered inside staffRoutes): customers' photos and documents are personal data. */
export const uploadsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.database.db,
    storage: createFileStorage(app.config.storage),
    tmpDir: app.config.storage.tmpDir,
  };

  for (const kind of ['content', 'thumbnail'] as const) {
    app.get(
      `/uploads/:id/${kind}`,
      {
        schema: {
          ...storedFileDocs[kind],
          params: uploadParamsSchema,
          response: storedFileResponse,
        },
      },
      async (request, reply) =>
        sendStoredFile(reply, await openStoredFile(deps, request.params.id, kind)),
    );
  }
};
