import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, messages, type ApiError } from '#shared/api/error.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { httpLayerRefusal, isMalformedMultipart } from '#server/lib/http-layer-errors.ts';

/**
 * Sends a refusal. Helmet's headers are set here too: a refusal can come before helmet's own
 * hook has run (an earlier hook, the router's frameworkErrors), and must carry them all the same.
 */
export function sendError(reply: FastifyReply, status: number, error: ApiError['error']) {
  return reply
    .code(status)
    .headers(reply.server.securityHeaders)
    .type('application/json; charset=utf-8')
    .send({ error });
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
    if (isMalformedMultipart(err, request.headers['content-type'])) {
      return sendError(reply, 400, httpLayerRefusal(400));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500 && request.raw.socket?.destroyed) {
      // The connection is already gone: Node's parser refused the rest of the request (a broken
      // chunked body: the client got its 400 from plugins/framework-errors.ts) or the client hung
      // up, and a hook still running then fails on what the closed socket no longer has (the
      // rate limit's client address). Outside input, nothing to answer: one info line, no stack.
      request.log.info({ code: err.code, name: err.name }, 'request dropped: connection closed');
      return reply.hijack();
    }
    if (status === 429) {
      return sendError(reply, 429, { code: errorCodes.rateLimited, message: messages.rateLimited });
    }
    if (status >= 400 && status < 500) {
      // Fastify's and plugins' own refusals (bad JSON, body too large, wrong content type) keep
      // their status and speak the API's words
      return sendError(reply, status, httpLayerRefusal(status, err.code));
    }
    request.log.error({ err }, 'request failed');
    return sendError(reply, 500, { code: errorCodes.internal, message: messages.internal });
  });
}
