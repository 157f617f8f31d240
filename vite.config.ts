import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { demoGazetteer, demoHolidays, demoSite } from './scripts/vite/demo-build.ts';
import { embedScript } from './scripts/vite/embed-script.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { privateSourceMaps } from './scripts/vite/private-source-maps.ts';

const apiOrigin = 'http://localhost:3000';
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The web app lives in src/web (its own root and public dir); the server serves the build from dist/web.
// `--mode demo` (npm run build:demo, ADR 026) builds the static demo into dist-demo instead: the api
// client answers from browser storage (import.meta.env.MODE), and no server is needed.
export default defineConfig(({ mode }) => {
  const demo = mode === 'demo';
  return {
    root: dir('./src/web'),
    publicDir: 'public',
    // the demo's answers take the place of the network (lib/demo-seam.ts, ADR 026)
    resolve: demo
      ? {
          alias: [
            { find: /^\.\/demo-seam$/, replacement: dir('./src/web/lib/demo/demo-seam.ts') },
            // Victoria's holidays as a table made at build time, not the whole library
            { find: /^date-holidays$/, replacement: dir('./src/web/lib/demo/demo-holidays.ts') },
          ],
        }
      : {},
    plugins: [
      react(),
      tailwindcss(),
      demoGazetteer(),
      ...(demo
        ? [demoHolidays(), demoSite()]
        : [
            embedScript(),
            // maps kept for us in dist/sourcemaps, never in the published dir; then .br/.gz of the rest
            privateSourceMaps(dir('./dist/sourcemaps/web')),
            precompress(),
          ]),
    ],
    build: {
      outDir: demo ? dir('./dist-demo') : dir('./dist/web'),
      emptyOutDir: true,
      // every browser we support has native modulepreload: the polyfill would only cost first-paint bytes
      modulePreload: {
        polyfill: false,
        // The entry would carry, for every lazy import, the list of chunks to preload beside it
        // (~800 B brotli of hashed names on the first screen). Only the full contact form, which
        // the first interaction loads, keeps its list; the later steps load their shared chunks
        // when they run, mostly during the timed preloads (router.tsx), where a round trip more
        // is not felt.
        resolveDependencies: (file, deps, { hostType }) =>
          hostType === 'html' || file.includes('contact-form') ? deps : [],
      },
      // no sourceMappingURL comment: the maps are not published (see privateSourceMaps)
      sourcemap: demo ? false : ('hidden' as const),
      rolldownOptions: {
        output: {
          // Everything the entry imports statically goes in the entry chunk itself. Left alone,
          // rolldown puts React (a CommonJS package that lazy chunks import too) and its runtime
          // helpers in a chunk of their own that index.html preloads: a second file on the first
          // screen, ~750 B brotli more than the same code inside the entry (ADR 034). The entry
          // then imports nothing statically, so a lazy chunk importing from it runs after it.
          codeSplitting: {
            groups: [
              { name: 'index', tags: ['$initial'] },
              // What a frame on the business's site loads at start (issue 30), as one file: the
              // frame's first screen has the same 75 KB budget, and each chunk costs its imports.
              {
                name: 'frame-bridge',
                test: /lib\/embed\/(frame-bridge|embed-host)|embed-messages/,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      strictPort: true,
      proxy: { '/api': apiOrigin, '/health': apiOrigin },
    },
    preview: { port: 4173 },
  };
});
