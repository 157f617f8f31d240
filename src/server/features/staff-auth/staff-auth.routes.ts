import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import {
  signInInputSchema,
  staffErrorCodes,
  staffMessages,
  staffSessionResponseSchema,
} from '#shared/staff/staff.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { hashForUnknownAccounts } from './password-hash';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';
import { SignInFailures } from './sign-in-failures';
import { toStaffUserDto } from './staff-accounts.service';
import { signIn, signOut } from './staff-sessions.service';

/**
 * ASVS anti-automation: attempts are capped per client address, failures per (account, address),
 * and an account under attack from many addresses gives each failing address one try. No limit
 * refuses the right password from an address that has not failed on that account, so guessing
 * at an account cannot lock its owner out.
 */
export const signInLimits = {
  perAddress: 10,
  failuresPerAccountAndAddress: 5,
  failuresPerAccount: 10,
  windowMs: 15 * 60_000,
} as const;

/** POST /api/staff/session (sign in), GET (who is signed in), DELETE (sign out). */
export const staffAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { db } = app.database;
  // Made now, not on the first unknown e-mail, so that request is not slower than the others.
  void hashForUnknownAccounts();

  // Every attempt counts here, before the body is read: it keeps floods away from scrypt.
  const perAddress = app.createRateLimit({
    max: signInLimits.perAddress,
    timeWindow: signInLimits.windowMs,
  });
  // Only failures count here, so they are kept apart from the attempts above.
  const failures = new SignInFailures({
    perAccountAndAddress: signInLimits.failuresPerAccountAndAddress,
    perAccount: signInLimits.failuresPerAccount,
    windowMs: signInLimits.windowMs,
  });
  const tooMany = (reply: FastifyReply, seconds: number) => {
    reply.header('retry-after', seconds);
    return new HttpError(429, errorCodes.rateLimited, staffMessages.signInRateLimited);
  };
  const limitAttempts = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await perAddress(request);
    if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttlInSeconds);
  };
  // runs after validation, so the e-mail is already trimmed and lowercased
  const limitFailures = async (request: FastifyRequest, reply: FastifyReply) => {
    const { email } = request.body as { email: string };
    const wait = failures.waitSeconds(email, request.ip, app.now());
    if (wait > 0) throw tooMany(reply, wait);
  };

  app.post(
    '/staff/session',
    {
      onRequest: limitAttempts,
      preHandler: limitFailures,
      schema: {
        description:
          'Signs a staff member in and sets the session cookie. Attempts are limited per client address, failures per account and address (429 with Retry-After).',
        body: signInInputSchema,
        response: { 200: staffSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const now = app.now();
      const { token, user } = await signIn(db, request.body, {
        now,
        previousToken: readSessionCookie(request, config),
      }).catch((err: unknown) => {
        if (err instanceof HttpError && err.code === staffErrorCodes.invalidCredentials) {
          failures.recordFailure(email, request.ip, now);
        }
        throw err;
      });
      failures.forgetAddress(email, request.ip);
      setSessionCookie(reply, config, token);
      return { user: toStaffUserDto(user) };
    },
  );

  // Works without a live session too: signing out twice, or after a time-out, is not an error.
  app.delete(
    '/staff/session',
    {
      schema: {
        description: 'Signs out: ends the session and clears its cookie. 204 also without one.',
        response: { 204: z.null().describe('Signed out.') },
      },
    },
    async (request, reply) => {
      const token = readSessionCookie(request, config);
      if (token) await signOut(db, token);
      clearSessionCookie(reply, config);
      return reply.code(204).send(null);
    },
  );
};

/** Who is signed in (registered inside staffRoutes): 401 without a live session. */
export const staffSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/staff/session',
    {
      schema: {
        description: 'The signed-in staff member; 401 without a live session.',
        response: { 200: staffSessionResponseSchema },
      },
    },
    async (request) => {
      if (!request.staff) throw new Error('requireStaff ran without setting request.staff');
      return { user: toStaffUserDto(request.staff) };
    },
  );
};
