import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '#shared/api/error.ts';
import { webDistDir } from '#server/lib/package-root.ts';
import { sendError } from './errors';

// Vite writes every content-hashed file under /assets/ (build.assetsDir): a new build gives them
// new names, so a browser may keep them for a year without asking.
const hashedDir = join(webDistDir, 'assets') + sep;
export const cacheControl = {
  hashed: 'public, max-age=31536000, immutable',
  // index.html, favicon.svg, theme-init.js: same names every build, so asked again (ETag) each time
  unhashed: 'no-cache',
} as const;

/**
 * Serves the built web app: every GET that names no file is answered with index.html so the
 * browser router takes over. Unknown /api paths answer a 404 in the error shape. The build writes
 * .br and .gz copies of the text files (scripts/vite/precompress.ts); they are sent as they are.
 */
export async function registerSpa(app: FastifyInstance) {
  const hasBuild = existsSync(webDistDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // one wildcard route that looks files up per request: a rebuilt dist/web is served without a restart
      wildcard: true,
      index: 'index.html',
      // file.br / file.gz when the browser accepts them (their own ETag), else the file itself
      preCompressed: true,
      // @fastify/static writes its own Cache-Control (public, max-age=0) over the one set below
      // unless told not to
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'Cache-Control',
          path.startsWith(hashedDir) ? cacheControl.hashed : cacheControl.unhashed,
        );
        // the same URL answers in br, gzip or plain: caches must key on what was accepted
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const path = request.url.split('?')[0] ?? '';
    if (!isPage || path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) {
      return sendError(reply, 404, {
        code: errorCodes.notFound,
        message: `No route for ${request.method} ${path}`,
      });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send(
          'The web app is not built yet: run `npm run build` (or `npm run dev` while developing).',
        );
    }
    return reply.sendFile('index.html');
  });
}
