import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorCodes } from '#shared/api/error.ts';
import { sessionCookieName } from '#server/features/staff-auth/session-cookie.ts';
import { adminOnlyRoutes, apiDocsPrefix, isPublicRoute, routeKey } from './public-routes';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the fields of a `multipart/form-data` body, which the handler reads
     * itself (a body schema would be validated against the unparsed stream).
     */
    multipartBody?: z.ZodType;
  }
}

export const apiDocsPaths = { json: '/api/openapi.json', reference: apiDocsPrefix } as const;
export const staffSessionScheme = 'staffSession';

/** The tag of each route in the reference: who may call it. */
export const accessTags = {
  public: 'Public',
  staff: 'Staff',
  admin: 'Admin',
} as const;

// The reference page's own policy, on its routes only: Swagger UI's files from this server, no
// inline script, nothing from elsewhere; inline styles, which Swagger UI injects as it renders.
// The app's policy (plugins/security.ts) stays as it is everywhere else.
const referenceCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "script-src-attr 'none'",
].join('; ');

function accessOf(method: string, url: string): keyof typeof accessTags {
  if (isPublicRoute(method, url)) return 'public';
  return adminOnlyRoutes.includes(routeKey(method, url)) ? 'admin' : 'staff';
}

// Every refusal of every route (plugins/errors.ts), documented once here rather than per route.
const refusal = {
  description:
    'Refused, in the one error shape: `code` for programs, `message` for people, `fields` ' +
    'for the form field each message belongs beside.',
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', examples: Object.values(errorCodes) },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

const accessNote = {
  public: '',
  staff: '\n\nStaff only: needs the session cookie of a signed-in staff member or admin.',
  admin: '\n\nAdmin only: needs the session cookie of a signed-in admin.',
};

/**
 * The zod type provider's transform, plus what the contracts do not say: who may call the route
 * (tag, security requirement) and the fields of a multipart body. The web app's catch-all route
 * is no API and is left out.
 */
const documentRoute: SwaggerTransform = (input) => {
  const { url, route } = input;
  if (!url.startsWith('/api/') && url !== '/health') return { schema: { hide: true }, url };
  const { multipartBody, ...schema } = input.schema ?? {};
  const result = jsonSchemaTransform({ ...input, schema } as Parameters<SwaggerTransform>[0]);
  const transformed = result.schema as Record<string, unknown>;
  if (transformed.hide) return result;
  if (multipartBody) {
    const parts = jsonSchemaTransform({
      ...input,
      schema: { body: multipartBody },
    } as Parameters<SwaggerTransform>[0]).schema as { body: unknown };
    transformed.body = parts.body;
    transformed.consumes = ['multipart/form-data'];
  }
  transformed.response = { ...(transformed.response as object), default: refusal };
  const method = [route.method].flat()[0] ?? 'GET';
  const access = accessOf(method, url);
  transformed.tags = [accessTags[access]];
  if (typeof transformed.description === 'string') {
    transformed.description += accessNote[access];
  }
  if (access !== 'public') transformed.security = [{ [staffSessionScheme]: [] }];
  return { schema: transformed, url: result.url };
};

/**
 * OpenAPI 3.1 of every route, generated from the zod schemas the routes validate with, at
 * /api/openapi.json, and Swagger UI reading it at /api/docs (its script loads only there).
 * Register before the routes: @fastify/swagger collects them as they are added.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TintBook API',
        version: '1',
        description:
          'The JSON API behind the TintBook booking app. Every refusal answers ' +
          '`{ "error": { "code", "message", "fields"? } }`; request bodies may use camelCase ' +
          'or snake_case keys. Staff and admin routes need the session cookie that ' +
          '`POST /api/staff/session` sets, and state-changing requests carrying it must come ' +
          'from the same origin.',
      },
      tags: [
        { name: accessTags.public, description: 'The booking flow: no sign-in.' },
        { name: accessTags.staff, description: 'Signed-in staff members and admins.' },
        { name: accessTags.admin, description: 'Signed-in admins only.' },
      ],
      components: {
        securitySchemes: {
          [staffSessionScheme]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(app.config),
            description: 'The staff session, set by POST /api/staff/session.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: apiDocsPaths.reference,
    staticCSP: referenceCsp,
    // no calls to validator.swagger.io from a visitor's browser
    uiConfig: { validatorUrl: null },
    theme: { title: 'TintBook API' },
  });

  app.get(apiDocsPaths.json, { schema: { hide: true } }, () => app.swagger());
}
