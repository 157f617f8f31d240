import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** @fastify/static's wildcard route of the built web app (plugins/spa.ts). */
const webAppUrl = '/*';

// JSON (and the error shape) only. Uploaded photos and PDFs are compressed formats, and the
// library's default list would take application/octet-stream too; the built web app is
// compressed at build time (plugins/spa.ts), so its answers arrive with a Content-Encoding and
// are passed through as they are.
const compressibleTypes = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

/**
 * Compresses JSON answers of 1 KB and more (brotli at quality 4, else gzip): an availability
 * grid or a settings page shrinks to a fraction on a phone's connection. Request bodies are
 * never decompressed: uploads stream to disk as sent, and a small compressed body cannot expand
 * past the body limit unnoticed. Register before the routes (it hooks each one as it is added).
 */
export async function registerCompression(app: FastifyInstance) {
  // The web app's files (plugins/spa.ts) are sent as built: precompressed, or left as they are
  // when too small to gain. Added before the plugin's own hook, so it sees the flag.
  app.addHook('onRoute', (route) => {
    if (route.url === webAppUrl) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: compressibleTypes,
  });
}
