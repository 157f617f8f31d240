import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, messages, type ApiError } from '../../shared/api/error';
import { HttpError } from '../lib/http-error';

export function sendError(reply: FastifyReply, status: number, error: ApiError['error']) {
  return reply.code(status).type('application/json; charset=utf-8').send({ error });
}

/** Every 4xx/5xx leaves the server as `{ error: { code, message, fields? } }`. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return sendError(reply, err.statusCode, {
        code: err.code,
        message: err.message,
        ...(err.fields && { fields: err.fields }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          err.validationContext ||
          'request';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      return sendError(reply, 400, {
        code: errorCodes.validation,
        message: messages.validation,
        fields,
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return sendError(reply, 429, { code: errorCodes.rateLimited, message: messages.rateLimited });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, body too large, wrong content type) keep their status.
      return sendError(reply, status, {
        code: err.code ?? errorCodes.badRequest,
        message: err.message,
      });
    }
    request.log.error({ err }, 'request failed');
    return sendError(reply, 500, { code: errorCodes.internal, message: messages.internal });
  });
}
