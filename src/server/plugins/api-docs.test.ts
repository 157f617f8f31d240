import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '#server/plugins/auth.ts';
import { apiDocsPaths, staffSessionScheme } from '#server/plugins/api-docs.ts';
import { isPublicRoute } from '#server/plugins/public-routes.ts';
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * Issue 17: the OpenAPI description is generated from the routes' own zod schemas, so a route
 * without them is a hole in it. Every API route the app registers (new ones too) must carry a
 * description, a response schema, and a schema for each input it takes; staff-only routes must
 * name the session cookie they need.
 */
type Operation = OpenAPIV3_1.OperationObject;

const isApiRoute = (r: RegisteredRoute) =>
  r.method !== 'HEAD' && (r.url.startsWith('/api/') || r.url === '/health') && !r.schema?.hide;

// What the handler reads, from its source: `request.body` / `request.query` (this codebase's
// style), multipart through request.parts()/file(). A route that reads input through a service
// given the whole request would slip past: keep handlers reading what they take.
function inputsRead(route: RegisteredRoute) {
  const source = String(route.handler);
  return {
    body: /\.body\b/.test(source),
    query: /\.query\b/.test(source),
    multipart: /\.(?:parts|file|files|isMultipart)\(/.test(source),
  };
}

/** What the route lacks, in words; empty when it is fully described. */
function missingDocs(route: RegisteredRoute): string[] {
  const schema = route.schema ?? {};
  const reads = inputsRead(route);
  const missing: string[] = [];
  if (!schema.description?.trim()) missing.push('a `description`');
  const responses = Object.keys((schema.response as object | undefined) ?? {});
  if (!responses.some((status) => /^[23]\d\d$/.test(status))) {
    missing.push('a `response` schema for its success status (204: z.null())');
  }
  if (/[:*]/.test(route.url) && !schema.params) missing.push('a `params` schema');
  if (reads.query && !schema.querystring) missing.push('a `querystring` schema (it reads .query)');
  if (reads.body && !schema.body) missing.push('a `body` schema (it reads .body)');
  if (reads.multipart && !schema.multipartBody) {
    missing.push('a `multipartBody` schema (it reads multipart parts)');
  }
  return missing;
}

describe('the API description (OpenAPI 3.1)', () => {
  let t: TestApp;
  let doc: OpenAPIV3_1.Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: apiDocsPaths.json });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const apiRoutes = () => t.app.registeredRoutes.filter(isApiRoute);
  const operationOf = (r: RegisteredRoute): Operation | undefined => {
    const path = r.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
    const item = doc.paths?.[path] as Record<string, Operation> | undefined;
    return item?.[r.method.toLowerCase()];
  };

  it('is OpenAPI 3.1 and lists every API route', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(apiRoutes().length).toBeGreaterThan(40);
    const absent = apiRoutes()
      .filter((r) => !operationOf(r))
      .map((r) => `${r.method} ${r.url}`);
    expect(absent).toEqual([]);
    // the web app's catch-all and the reference's own files are not API operations
    expect(Object.keys(doc.paths ?? {}).filter((p) => !p.startsWith('/api/'))).toEqual(['/health']);
  });

  it('has a description, a response schema and a schema for each input of every route', () => {
    const problems = apiRoutes().flatMap((route) => {
      const missing = missingDocs(route);
      return missing.length ? [`${route.method} ${route.url} lacks ${missing.join(', ')}`] : [];
    });
    // Fix: add what is named to the route's `schema` (description: '…', response: { 200: … })
    expect(problems).toEqual([]);
  });

  it('carries those schemas into the document', () => {
    const problems = apiRoutes().flatMap((route) => {
      const op = operationOf(route);
      const schema = route.schema ?? {};
      const wrong: string[] = [];
      if (!op?.description) wrong.push('no description');
      const documented = Object.values(op?.responses ?? {}) as OpenAPIV3_1.ResponseObject[];
      if (schema.response && documented.length === 0) wrong.push('no responses');
      const inPath = (op?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
      if (schema.params && !inPath.some((p) => p.in === 'path')) wrong.push('no path parameters');
      if (schema.querystring && !inPath.some((p) => p.in === 'query')) {
        wrong.push('no query parameters');
      }
      if ((schema.body || schema.multipartBody) && !op?.requestBody) wrong.push('no request body');
      return wrong.length ? [`${route.method} ${route.url}: ${wrong.join(', ')}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it('marks each staff-only route with the session cookie, and no public route', () => {
    const scheme = doc.components?.securitySchemes?.[staffSessionScheme];
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const wrong = apiRoutes().flatMap((route) => {
      const needsSession = !isPublicRoute(route.method, route.url);
      const marked = (operationOf(route)?.security ?? []).some((s) => staffSessionScheme in s);
      return needsSession === marked
        ? []
        : [
            `${route.method} ${route.url}: ${needsSession ? 'staff-only, unmarked' : 'public, marked'}`,
          ];
    });
    expect(wrong).toEqual([]);
  });

  it('serves the reference page under its own content security policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: apiDocsPaths.reference });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    // its script is its own, on its own path: the app's pages never load it
    const script = page.body.match(/src="([^"]*swagger-ui-bundle\.js)"/)?.[1];
    expect(script).toBeDefined();
    const bundle = await t.app.inject({
      method: 'GET',
      url: new URL(script ?? '', 'http://x/api/docs/').pathname,
    });
    expect(bundle.statusCode).toBe(200);
    // everywhere else the app's own policy stands
    const api = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(api.headers['content-security-policy']).not.toBe(csp);
  });
});
