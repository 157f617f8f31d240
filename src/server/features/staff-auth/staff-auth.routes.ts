import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorCodes } from '../../../shared/api/error';
import {
  signInInputSchema,
  staffMessages,
  staffSessionResponseSchema,
} from '../../../shared/staff/staff.contract';
import { HttpError } from '../../lib/http-error';
import { hashForUnknownAccounts } from './password-hash';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';
import { toStaffUserDto } from './staff-accounts.service';
import { signIn, signOut } from './staff-sessions.service';

/** ASVS anti-automation: guesses are capped per client address and per account. */
export const signInLimits = { perAddress: 10, perAccount: 5, windowMs: 15 * 60_000 } as const;

/** POST /api/staff/session (sign in), GET (who is signed in), DELETE (sign out). */
export const staffAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { db } = app.database;
  // Made now, not on the first unknown e-mail, so that request is not slower than the others.
  void hashForUnknownAccounts();

  // createRateLimit, not two app.rateLimit() hooks: those share one "already ran" flag per
  // request, so a second one on the same route would silently never count anything.
  const perAddress = app.createRateLimit({
    max: signInLimits.perAddress,
    timeWindow: signInLimits.windowMs,
  });
  const perAccount = app.createRateLimit({
    max: signInLimits.perAccount,
    timeWindow: signInLimits.windowMs,
    // runs after validation, so the e-mail is already trimmed and lowercased
    keyGenerator: (request) => `account:${(request.body as { email: string }).email}`,
  });
  const limitBy =
    (limiter: typeof perAddress) => async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpError(429, errorCodes.rateLimited, staffMessages.signInRateLimited);
      }
    };

  app.post(
    '/staff/session',
    {
      onRequest: limitBy(perAddress),
      preHandler: limitBy(perAccount),
      schema: { body: signInInputSchema, response: { 200: staffSessionResponseSchema } },
    },
    async (request, reply) => {
      const { token, user } = await signIn(db, request.body, {
        now: app.now(),
        previousToken: readSessionCookie(request, config),
      });
      setSessionCookie(reply, config, token);
      return { user: toStaffUserDto(user) };
    },
  );

  app.get(
    '/staff/session',
    { onRequest: app.requireStaff, schema: { response: { 200: staffSessionResponseSchema } } },
    async (request) => {
      if (!request.staff) throw new Error('requireStaff ran without setting request.staff');
      return { user: toStaffUserDto(request.staff) };
    },
  );

  // Works without a live session too: signing out twice, or after a time-out, is not an error.
  app.delete('/staff/session', async (request, reply) => {
    const token = readSessionCookie(request, config);
    if (token) await signOut(db, token);
    clearSessionCookie(reply, config);
    return reply.code(204).send();
  });
};
