import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

const entry = fileURLToPath(new URL('../../src/web/embed/embed.ts', import.meta.url));

/**
 * Issue 30: /embed.js, the script a business pastes on its own website. It is a classic script
 * under a fixed name (the snippet cannot change each build), so it is built on its own here,
 * not as one of the app's hashed modules; precompress.ts then writes its .br and .gz.
 */
export function embedScript(): Plugin {
  return {
    name: 'tintbook:embed-script',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        minify: true,
        format: 'iife',
        // the browsers the app supports (native <dialog>, ResizeObserver): no polyfills
        target: 'es2020',
        legalComments: 'none',
      });
      const [output] = result.outputFiles;
      if (!output) throw new Error('esbuild wrote no embed.js');
      this.emitFile({ type: 'asset', fileName: 'embed.js', source: output.text });
    },
  };
}
