import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  uploadLimits,
  uploadMessages,
  uploadParamsSchema,
  removeUploadQuerySchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '#shared/uploads/uploads.contract.ts';
import { createFileStorage } from '#server/integrations/storage/create-file-storage.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { openStoredFile, sendStoredFile } from './serve-file';
import { removeSessionFile, uploadFile } from './uploads.service';

export interface UploadsRoutesOptions {
  /** Tests may pass their own; else chosen from config (S3 when a bucket is set). */
  storage?: FileStorage;
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, opts) => {
  const storage = opts.storage ?? createFileStorage(app.config.storage);
  const deps = { db: app.database.db, storage, tmpDir: app.config.storage.tmpDir };

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
      schema: { querystring: uploadQuerySchema, response: { 201: uploadResponseSchema } },
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
      schema: { params: uploadParamsSchema, querystring: removeUploadQuerySchema },
    },
    async (request, reply) => {
      await removeSessionFile(deps, request.params.id, request.query.sessionId);
      return reply.code(204).send();
    },
  );

  // Staff only: customers' photos and documents are personal data.
  for (const kind of ['content', 'thumbnail'] as const) {
    app.get(
      `/uploads/:id/${kind}`,
      { onRequest: app.requireStaff, schema: { params: uploadParamsSchema } },
      async (request, reply) =>
        sendStoredFile(reply, await openStoredFile(deps, request.params.id, kind)),
    );
  }
};
