import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';

/**
 * The staff session cookie. Behind HTTPS it is `Secure` with the `__Host-` prefix, which makes
 * the browser refuse it unless it is Secure, host-only and Path=/: a sibling subdomain or a
 * plain-HTTP page cannot plant or overwrite it. No Max-Age: it ends with the browser, and the
 * server ends it earlier (idle or absolute time-out).
 */
export function sessionCookieName(config: Config): string {
  return config.staffAuth.cookieSecure ? '__Host-tintbook_staff' : 'tintbook_staff';
}

function cookieOptions(config: Config): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.staffAuth.cookieSecure,
  };
}

export function readSessionCookie(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieName(config)];
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(sessionCookieName(config), token, cookieOptions(config));
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
}
