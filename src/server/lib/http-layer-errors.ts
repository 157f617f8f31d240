import { errorCodes, messages, type ApiError } from '#shared/api/error.ts';

type Refusal = ApiError['error'];

// What the HTTP layer (Fastify's router and body parsers, Node's parser, the multipart parser)
// refuses, in the API's documented words: never the framework's own text, which may echo the
// request's path and names internals.
const byStatus: Record<number, Refusal> = {
  400: { code: errorCodes.badRequest, message: messages.badRequest },
  404: { code: errorCodes.notFound, message: messages.notFound },
  408: { code: errorCodes.requestTimeout, message: messages.requestTimeout },
  413: { code: errorCodes.payloadTooLarge, message: messages.payloadTooLarge },
  414: { code: errorCodes.uriTooLong, message: messages.uriTooLong },
  415: { code: errorCodes.unsupportedMediaType, message: messages.unsupportedMediaType },
  417: { code: errorCodes.expectationFailed, message: messages.expectationFailed },
  431: { code: errorCodes.headersTooLarge, message: messages.headersTooLarge },
};

const byFastifyCode: Record<string, Refusal> = {
  FST_ERR_BAD_URL: { code: errorCodes.badRequest, message: messages.badUrl },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: errorCodes.badRequest, message: messages.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: errorCodes.badRequest, message: messages.badJson },
};

/** The documented body of a refusal with this status (and Fastify error code, if any). */
export function httpLayerRefusal(status: number, fastifyCode?: string): Refusal {
  return (
    (fastifyCode && byFastifyCode[fastifyCode]) ||
    byStatus[status] || { code: errorCodes.badRequest, message: messages.badRequest }
  );
}

// Busboy's plain Errors (and its string search's) for a body that is not the multipart it claims
// to be: no boundary, one too long, one that never comes or never closes.
const multipartParserErrors = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than \d+)\.$/,
  /unexpected end of multipart data$/i,
];

/** A multipart request the parser could not read: a plain Error without a status, so a 500. */
export function isMalformedMultipart(
  err: { message?: unknown; statusCode?: unknown },
  contentType: string | undefined,
): boolean {
  const { message } = err;
  return (
    err.statusCode === undefined &&
    typeof message === 'string' &&
    /^multipart\//i.test(contentType ?? '') &&
    multipartParserErrors.some((pattern) => pattern.test(message))
  );
}
