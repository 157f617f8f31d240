import { z } from 'zod';

/** The one shape of every 4xx/5xx answer of the API. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field path (dotted) to the message the form shows beside that field. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  rateLimited: 'RATE_LIMITED',
  conflict: 'CONFLICT',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

export const messages = {
  validation: 'Please correct the highlighted fields.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  notFound: 'Not found.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
