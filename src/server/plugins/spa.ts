import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorCodes } from '#shared/api/error.ts';
import { webDistDir } from '#server/lib/package-root.ts';
import { sendError } from './errors';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET answered with
 * index.html so the browser router takes over. Unknown /api paths answer a 404 in the error shape.
 */
export async function registerSpa(app: FastifyInstance) {
  const hasBuild = existsSync(webDistDir);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // one wildcard route that looks files up per request: a rebuilt dist/web is served without a restart
      wildcard: true,
      index: 'index.html',
      setHeaders(res, path) {
        const immutable = path.includes('/assets/');
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
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
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
