import type { FastifyRequest } from 'fastify';
import { honeypotField } from '#shared/contact/contact.contract.ts';

/**
 * True when the hidden field people never see was filled in. The caller answers as if it had
 * worked and stores nothing, so the bot learns nothing.
 */
export function caughtByHoneypot(request: FastifyRequest, body: Record<string, unknown>): boolean {
  const value = body[honeypotField];
  if (typeof value !== 'string' || value.trim() === '') return false;
  request.log.warn({ route: request.routeOptions.url }, 'honeypot filled: submission discarded');
  return true;
}
