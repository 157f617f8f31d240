import type { FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** Where log lines go: any object with write(), like process.stdout. */
export interface LogStream {
  write(line: string): void;
}

// Secrets never reach a log line. Bodies are not logged at all (Fastify logs method, URL and
// status only); what remains to guard is the URL, because a customer's manage link carries its
// secret token in the path, as does a consultant's calendar feed (/api/calendar/<token>.ics),
// and headers, which carry the staff session cookie.
const secretPathSegments = /(\/api\/(?:manage|calendar)\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(secretPathSegments, '$1[redacted]');
}

function requestSummary(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

export function logOptions(level: string, stream?: LogStream): LoggerOptions {
  return {
    level,
    serializers: { req: requestSummary },
    // an error or a route that logs a request object whole must not print credentials
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    ...(stream && { stream }),
  };
}
