import type { FastifyInstance, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { errorCodes } from '#shared/api/error.ts';
import { staffMessages, staffSessionPath, type StaffRole } from '#shared/staff/staff.contract.ts';
import type { Config } from '#server/config.ts';
import { readSessionCookie } from '#server/features/staff-auth/session-cookie.ts';
import type { StaffPrincipal } from '#server/features/staff-auth/staff-accounts.service.ts';
import { resolveSession } from '#server/features/staff-auth/staff-sessions.service.ts';
import { HttpError } from '#server/lib/http-error.ts';

/**
 * A route hook that refuses callers without the right session. Use it as `onRequest` so an
 * anonymous caller is refused before the body is read or validated (a preHandler would answer a
 * bad body with field messages first); it works as a preHandler too.
 */
export type StaffGuard = (request: FastifyRequest) => Promise<void>;

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The route's schemas (zod): the fuzz suite generates requests from them. */
  schema?: FastifySchema;
  /** Its handler: the API description test reads what input it takes. */
  handler: RouteOptions['handler'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signed-in staff or admin; sets request.staff. 401 without a live session. */
    requireStaff: StaffGuard;
    /** Signed-in admin; 401 without a live session, 403 for the staff role. */
    requireAdmin: StaffGuard;
    /**
     * Every route registered after this plugin. Fastify has no public route listing; the
     * route-access test walks this to prove each route is public or guarded.
     */
    registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in staff member, once a guard has run; null otherwise. */
    staff: StaffPrincipal | null;
  }
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Guards and CSRF defence. Register on the root app, after @fastify/cookie and
 * before any route, so the hooks and the route inventory cover every route.
 */
export async function registerAuth(app: FastifyInstance, config: Config) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, schema: route.schema, handler: route.handler });
    }
  });

  app.decorateRequest('staff', null);

  async function signedInStaff(request: FastifyRequest): Promise<StaffPrincipal> {
    const token = readSessionCookie(request, config);
    request.staff ??= token ? await resolveSession(app.database.db, token, app.now()) : null;
    if (!request.staff) {
      throw new HttpError(401, errorCodes.unauthorized, staffMessages.signInRequired);
    }
    return request.staff;
  }
  const requireRole = (roles: readonly StaffRole[]): StaffGuard =>
    async function staffGuard(request) {
      const staff = await signedInStaff(request);
      if (!roles.includes(staff.role)) {
        throw new HttpError(403, errorCodes.forbidden, staffMessages.forbidden);
      }
    };
  app.decorate('requireStaff', requireRole(['staff', 'admin']));
  app.decorate('requireAdmin', requireRole(['admin']));

  // CSRF: SameSite=Strict already keeps the cookie off cross-site requests; this also covers
  // same-site but cross-origin pages (another subdomain) and browsers that ignore SameSite.
  const configuredOrigin = config.publicUrl ? originOf(config.publicUrl) : null;
  const isSameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin === undefined) {
      const site = request.headers['sec-fetch-site'];
      return site === 'same-origin' || site === 'none';
    }
    const claimed = originOf(origin);
    const own = originOf(`${request.protocol}://${request.host}`);
    return claimed !== null && (claimed === own || claimed === configuredOrigin);
  };
  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    const carriesSession = readSessionCookie(request, config) !== undefined;
    // Sign-in has no session yet; refusing a foreign Origin there stops login CSRF.
    const isSignIn = request.method === 'POST' && request.routeOptions.url === staffSessionPath;
    const checked = carriesSession || (isSignIn && request.headers.origin !== undefined);
    if (checked && !isSameOrigin(request)) {
      throw new HttpError(403, errorCodes.forbidden, staffMessages.crossOrigin);
    }
  });
}
