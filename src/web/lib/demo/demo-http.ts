import type { z } from 'zod';
import { errorCodes, messages } from '#shared/api/error.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';

// What the demo's handlers share: a request as they see it, and the server's refusals in the
// one error shape (src/shared/api/error.ts), so screens react to the demo as to the server.

export interface DemoRequest {
  method: string;
  /** The path's parameters, in order (":id" parts of the route). */
  params: string[];
  query: URLSearchParams;
  body: unknown;
}

export type DemoHandler = (request: DemoRequest) => unknown;

export interface DemoRoute {
  method: string;
  /** The path after /api, e.g. /leads/:id */
  pattern: string;
  handle: DemoHandler;
}

export const route = (method: string, pattern: string, handle: DemoHandler): DemoRoute => ({
  method,
  pattern,
  handle,
});

export const refuse = (status: number, code: string, message: string, fields = {}) =>
  new ApiRequestError(status, code, message, fields);

export const notFound = (message: string = messages.notFound) =>
  refuse(404, errorCodes.notFound, message);

/** The body checked by the route's own zod schema, refused like the server refuses it. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  throw refuse(400, errorCodes.validation, messages.validation, fields);
}
