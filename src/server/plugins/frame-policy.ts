import type { FastifyInstance } from 'fastify';
import { customerPages } from '#shared/embed/embed-origins.ts';
import { readSettings } from '#server/db/settings-store.ts';

const embeddable = new Set<string>(customerPages);

/**
 * Issue 30: the customer's pages may be framed by the sites listed in Settings → "Your website"
 * (`embed_allowed_origins`): their CSP says `frame-ancestors 'self'` and those origins, and the
 * X-Frame-Options header (which cannot list origins) is left off. With no site listed, and on
 * every other answer, helmet's `frame-ancestors 'none'` stands. The setting is read per page
 * document (a page load, not an API call), so a change applies at the next load in every process.
 * /embed.js itself is the one file another origin may load (its Cross-Origin-Resource-Policy).
 */
export function registerFramePolicy(app: FastifyInstance) {
  const csp = app.securityHeaders['content-security-policy'] ?? '';
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    const path = request.url.split('?')[0] ?? '';
    // the script the business's own site loads: another origin's <script> may run it
    if (path === '/embed.js') {
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return payload;
    }
    if (!embeddable.has(path)) return payload;
    const { embed_allowed_origins: origins } = await readSettings(app.database.db, [
      'embed_allowed_origins',
    ]);
    if (!origins.length) return payload;
    const ancestors = ["'self'", ...origins].join(' ');
    reply.header(
      'content-security-policy',
      csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`),
    );
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
