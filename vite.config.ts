import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite/precompress.ts';
import { privateSourceMaps } from './scripts/vite/private-source-maps.ts';

const apiOrigin = 'http://localhost:3000';

// The web app lives in src/web (its own root and public dir); the server serves the build from dist/web.
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    // maps kept for us in dist/sourcemaps, never in the published dir; then .br/.gz of the rest
    privateSourceMaps(fileURLToPath(new URL('./dist/sourcemaps/web', import.meta.url))),
    precompress(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // every browser we support has native modulepreload: the polyfill would only cost first-paint bytes
    modulePreload: { polyfill: false },
    // no sourceMappingURL comment: the maps are not published (see privateSourceMaps)
    sourcemap: 'hidden',
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiOrigin, '/health': apiOrigin },
  },
  preview: { port: 4173 },
});
